import { useState } from 'react';
import { Button } from '@site/shared-ui';

/** Copies `text` to the clipboard and says so (or says to copy it by hand when the browser refuses). */
export function CopyButton({ text, label, done }: { text: string; label: string; done: string }) {
  const [message, setMessage] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setMessage(done);
    } catch {
      setMessage('The browser did not allow copying: select the text and copy it yourself.');
    }
  };
  return (
    <>
      <Button type="button" $variant="secondary" onClick={copy}>
        {label}
      </Button>
      <span role="status">{message}</span>
    </>
  );
}
