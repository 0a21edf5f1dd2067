import { tvMirror } from './mirror/mirrorState.svelte';

/** What the projector's keys do on the GM page. */
export interface ProjectorActions {
  toggleBlackout(): void;
  hold(): void;
  follow(): void;
  /** Stage a scene (the TV keeps what it shows), or show the staged one. */
  stage(): void;
  /** The TV back on the scene it showed before the staged one. */
  back(): unknown;
}

/** The projector's shortcuts (B, L, F, K to stage or show a scene, Shift+K back to the scene before, I for the mirror of the TV); true when `key` was one. */
export function projectorKey(key: string, act: ProjectorActions): boolean {
  switch (key) {
    case 'b':
    case 'B':
      act.toggleBlackout();
      return true;
    case 'l':
    case 'L':
      act.hold();
      return true;
    case 'f':
    case 'F':
      act.follow();
      return true;
    case 'k':
      act.stage();
      return true;
    case 'K':
      void act.back();
      return true;
    case 'i':
    case 'I':
      tvMirror.open = !tvMirror.open;
      return true;
    default:
      return false;
  }
}
