import { describe, expect, it } from 'vitest';

// Renderer code is outside tsconfig.node.json's file list: imported by a computed path.
const modulePath = ['..', '..', '..', 'src', 'renderer', 'src', 'panels', 'figure', 'defaultSide'].join('/');
const { defaultSide, rememberNpcSide } = (await import(/* @vite-ignore */ modulePath)) as {
  defaultSide: (kind: 'character' | 'npc', sides: readonly { readonly id: string }[]) => string;
  rememberNpcSide: (sideId: string) => void;
};

const sides = [{ id: 'party' }, { id: 'raiders' }, { id: 'wolves' }];

describe('the side a new figure starts on', () => {
  it('a character starts with the party; an NPC on the last side that is not the party, then on the side last used for one', () => {
    expect(defaultSide('character', sides)).toBe('party');
    expect(defaultSide('npc', sides)).toBe('wolves');
    expect(defaultSide('npc', [{ id: 'party' }])).toBe('party');
    expect(defaultSide('npc', [])).toBe('');
    rememberNpcSide('raiders');
    expect(defaultSide('npc', sides)).toBe('raiders');
    expect(defaultSide('character', sides)).toBe('party');
    // A side taken away since: the last non-party side again.
    expect(defaultSide('npc', [{ id: 'party' }, { id: 'wolves' }])).toBe('wolves');
  });
});
