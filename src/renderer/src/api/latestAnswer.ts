/**
 * Main answers the page's questions asynchronously. When the page asks again before an answer
 * comes (the view moved on, the pointer moved to another hex), an older answer must not overwrite
 * a newer one: only the answer to the newest question is used.
 */
export class LatestAnswer {
  private asked = 0;

  /** Calls `use` with the answer unless another question was asked, or `drop` called, meanwhile. */
  ask<T>(answer: Promise<T>, use: (value: T) => void): void {
    const question = ++this.asked;
    void answer.then((value) => {
      if (question === this.asked) use(value);
    });
  }

  /** Every answer still on its way is dropped. */
  drop(): void {
    this.asked++;
  }
}
