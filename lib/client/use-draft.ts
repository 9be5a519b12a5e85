import { useState, type Dispatch, type SetStateAction } from "react";

/**
 * A local draft of `value` (what an input shows while it is edited), which starts again from `value`
 * whenever that changes: a save came back, another record is shown. The reset happens during render,
 * as react.dev's "Adjusting some state when a prop changes" does it, not in an effect a render later.
 */
export function useDraft<T>(value: T): [T, Dispatch<SetStateAction<T>>] {
  const [draft, setDraft] = useState(value);
  const [base, setBase] = useState(value);
  if (!Object.is(base, value)) {
    setBase(value);
    setDraft(value);
  }
  return [draft, setDraft];
}
