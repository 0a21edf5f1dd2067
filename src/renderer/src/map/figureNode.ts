import Konva from 'konva';
import { hexNeighbor, hexToPixel, type HexLayout } from '../../../shared/hex';
import type { MapFigureModel } from './mapModel';

const POSTURE_BADGE: Readonly<Record<string, string>> = {
  kneeling: 'K',
  prone: 'P',
  knockedDown: 'D',
  unconscious: 'U',
  dead: '✕',
};

/** One figure token: side-coloured disc, facing notch toward the front hex side, name, posture. */
export function createFigureNode(layout: HexLayout): Konva.Group {
  const r = layout.size * 0.7;
  const group = new Konva.Group();
  group.add(new Konva.Circle({ name: 'disc', radius: r, strokeWidth: 2, stroke: '#f3efe6' }));
  group.add(new Konva.Line({ name: 'notch', closed: true, fill: '#f3efe6', listening: false }));
  group.add(
    new Konva.Text({
      name: 'label',
      fontSize: layout.size * 0.36,
      fontStyle: 'bold',
      fill: '#ffffff',
      align: 'center',
      width: layout.size * 2,
      offsetX: layout.size,
      offsetY: layout.size * 0.18,
      listening: false,
    }),
  );
  group.add(
    new Konva.Text({
      name: 'badge',
      fontSize: layout.size * 0.4,
      fontStyle: 'bold',
      fill: '#ffd166',
      x: r * 0.45,
      y: -r * 1.05,
      listening: false,
    }),
  );
  return group;
}

export function updateFigureNode(group: Konva.Group, figure: MapFigureModel, layout: HexLayout, selected: boolean): void {
  const centre = hexToPixel(layout, figure.position);
  const front = hexToPixel(layout, hexNeighbor(figure.position, figure.facing));
  const angle = Math.atan2(front.y - centre.y, front.x - centre.x);
  const r = layout.size * 0.7;
  group.position(centre);
  group.id(figure.id);
  group.opacity(figure.hidden ? 0.45 : figure.posture === 'dead' ? 0.6 : 1);

  const disc = group.findOne<Konva.Circle>('.disc')!;
  disc.fill(figure.color);
  disc.stroke(selected ? '#ffd166' : '#f3efe6');
  disc.strokeWidth(selected ? 4 : 2);
  disc.dash(figure.hidden ? [6, 4] : []);

  const tip = { x: Math.cos(angle) * (r + 9), y: Math.sin(angle) * (r + 9) };
  const side = (a: number) => ({ x: Math.cos(a) * (r - 1), y: Math.sin(a) * (r - 1) });
  const left = side(angle - 0.38);
  const right = side(angle + 0.38);
  group.findOne<Konva.Line>('.notch')!.points([left.x, left.y, tip.x, tip.y, right.x, right.y]);

  group.findOne<Konva.Text>('.label')!.text(figure.name.length > 7 ? figure.name.slice(0, 6) + '…' : figure.name);
  group.findOne<Konva.Text>('.badge')!.text(POSTURE_BADGE[figure.posture] ?? '');
}
