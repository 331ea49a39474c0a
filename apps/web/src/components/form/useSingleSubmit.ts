import { useCallback, useRef, useState } from 'react';

/**
 * A form's save, one at a time: a second submit while the first is still running (a double-click on
 * « Enregistrer », Enter pressed twice) is dropped at once, before it sends anything.
 *
 * The guard is a ref, set synchronously when the save starts. A button's `loading` cannot be the guard on
 * its own: it turns on only after a render, and a mutation's `isPending` (TanStack Query) only after its
 * observer's next tick, while antd's form has already validated both clicks and called `onFinish` twice
 * (the document form of a vehicle created its document twice that way). Every form of the kit
 * (`EntityForm`) and every form written by hand saves through it; `saving` drives the button.
 */
export function useSingleSubmit<A extends unknown[]>(
  save: (...args: A) => Promise<unknown>,
): { submit: (...args: A) => Promise<void>; saving: boolean } {
  const running = useRef(false);
  const [saving, setSaving] = useState(false);
  const latest = useRef(save);
  latest.current = save;
  const submit = useCallback(async (...args: A) => {
    if (running.current) return;
    running.current = true;
    setSaving(true);
    try {
      await latest.current(...args);
    } finally {
      running.current = false;
      setSaving(false);
    }
  }, []);
  return { submit, saving };
}
