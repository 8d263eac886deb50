import { useEffect, useReducer, useRef } from 'react';
import { emptyDraft, loadDraft, saveDraft, wizardReducer } from './wizard';

/**
 * The wizard's state, kept in localStorage (this device only): restored once after mounting
 * (never during render, so the first render is the same on the server and in the browser),
 * saved on every change unless `paused` (while the confirmation shows).
 */
export function useQuoteDraft(paused: boolean) {
  const [draft, dispatch] = useReducer(wizardReducer, emptyDraft);
  const restored = useRef(false);
  useEffect(() => {
    if (!restored.current) {
      restored.current = true;
      const saved = loadDraft();
      if (saved) {
        dispatch({ type: 'restored', draft: saved });
        return;
      }
    }
    if (!paused) saveDraft(draft);
  }, [draft, paused]);
  return [draft, dispatch] as const;
}
