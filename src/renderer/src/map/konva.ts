/**
 * Konva's core and only the shapes the battlemap draws: `import Konva from 'konva'` pulls in
 * every shape and filter (half the GM page's script). A shape not listed here is not in the
 * bundle: add it to both lists below to draw it.
 */
import Core from 'konva/lib/Core';
import { Circle as CircleShape } from 'konva/lib/shapes/Circle';
import { Image as ImageShape } from 'konva/lib/shapes/Image';
import { Label as LabelShape, Tag as TagShape } from 'konva/lib/shapes/Label';
import { Line as LineShape } from 'konva/lib/shapes/Line';
import { Rect as RectShape } from 'konva/lib/shapes/Rect';
import { Text as TextShape } from 'konva/lib/shapes/Text';

const Konva = Object.assign(Core, {
  Circle: CircleShape,
  Image: ImageShape,
  Label: LabelShape,
  Tag: TagShape,
  Line: LineShape,
  Rect: RectShape,
  Text: TextShape,
});

// eslint-disable-next-line @typescript-eslint/no-namespace
declare namespace Konva {
  type Stage = import('konva/lib/Stage').Stage;
  type Layer = import('konva/lib/Layer').Layer;
  type Group = import('konva/lib/Group').Group;
  type Shape = import('konva/lib/Shape').Shape;
  type Node = import('konva/lib/Node').Node;
  type Circle = CircleShape;
  type Image = ImageShape;
  type Label = LabelShape;
  type Tag = TagShape;
  type Line = LineShape;
  type Rect = RectShape;
  type Text = TextShape;
}

export default Konva;
