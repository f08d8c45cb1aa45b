// One upload at a time of a picture or datasheet of the product: refused before sending when over its size, else sent
// at once; the answer's reference is handed to `take` (which puts it into the form). Its state is what the field shows.
import { useState } from 'react';
import { DATASHEET_MAX_BYTES, PICTURE_MAX_BYTES } from '@site/contracts/staff-catalogue-api';
import { useUploadDatasheetMutation, useUploadPictureMutation } from '../../catalogueApi';
import { refusalOf } from '../../catalogueCalls';
import { tooLargeSentence } from '../mediaRefs';
import type { PictureRef } from './galleryModel';

export type UploadState =
  | { kind: 'idle' }
  | { kind: 'uploading' }
  | { kind: 'uploaded' }
  | { kind: 'removed' }
  | { kind: 'refused'; message: string };

export function usePictureUpload(productId: string, take: (picture: PictureRef) => void) {
  const [upload] = useUploadPictureMutation();
  return useUpload('picture', PICTURE_MAX_BYTES, async (file) =>
    take((await upload({ id: productId, file }).unwrap()).picture),
  );
}

export function useDatasheetUpload(productId: string, take: (datasheet: string) => void) {
  const [upload] = useUploadDatasheetMutation();
  return useUpload('datasheet', DATASHEET_MAX_BYTES, async (file) =>
    take((await upload({ id: productId, file }).unwrap()).datasheet),
  );
}

function useUpload(kind: 'picture' | 'datasheet', maxBytes: number, send: (file: File) => Promise<void>) {
  const [state, setState] = useState<UploadState>({ kind: 'idle' });
  const choose = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    // cleared, so that choosing the same file again (after a refusal) is a change too
    input.value = '';
    if (file === undefined) return;
    if (file.size > maxBytes) {
      setState({ kind: 'refused', message: tooLargeSentence(kind) });
      return;
    }
    setState({ kind: 'uploading' });
    try {
      await send(file);
      setState({ kind: 'uploaded' });
    } catch (error) {
      setState({ kind: 'refused', message: refusalOf(error).message });
    }
  };
  return { state, setState, choose };
}

/** The words of an upload's state for the status region ('' when there is nothing to say). */
export function uploadStatus(state: UploadState, what: string): string {
  if (state.kind === 'uploading') return `Uploading the ${what}…`;
  if (state.kind === 'uploaded') return 'Uploaded. Save the draft to keep it.';
  if (state.kind === 'removed') return `The ${what} is removed. Save the draft to keep the change.`;
  return '';
}
