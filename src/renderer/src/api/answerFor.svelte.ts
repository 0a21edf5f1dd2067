/**
 * Main's answer about one thing (a figure's options, its gaits) while the page may move on to
 * another before the answer comes: like `LatestAnswer`, only the newest question's answer is
 * kept, and an answer is shown only for the thing it is about. Asked about a new figure, the
 * page shows nothing until that figure's own answer arrives — never the last figure's options
 * under the new figure's name.
 */
export class AnswerFor<T> {
  private held = $state.raw<{ readonly key: string; readonly value: T } | null>(null);
  private asked = 0;

  /** The answer about `key`, or null while none has come for it. */
  for(key: string | null): T | null {
    const held = this.held;
    return held !== null && key !== null && held.key === key ? held.value : null;
  }

  /** Asks about `key`; the answer (null: none) is kept unless another question was asked, or `drop` called, meanwhile. */
  ask(key: string, answer: Promise<T | null>): void {
    const question = ++this.asked;
    void answer.then((value) => {
      if (question === this.asked) this.held = value === null ? null : { key, value };
    });
  }

  /** Every answer still on its way is dropped, and the one held forgotten. */
  drop(): void {
    this.asked++;
    this.held = null;
  }
}
