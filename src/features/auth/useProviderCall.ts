import { useCallback, useState } from 'react';
import { providerMessage } from './validation';

/**
 * Runs a call to the identity provider with the forms' shared behaviour: the error is
 * cleared and the form is busy while it runs; a failure shows the provider's message or
 * code, else the form's fallback text. What the user typed is left alone.
 */
export function useProviderCall() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = useCallback(async (call: () => Promise<void>, fallback: string) => {
    setError('');
    setBusy(true);
    try {
      await call();
    } catch (err) {
      setError(providerMessage(err, fallback));
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, run };
}
