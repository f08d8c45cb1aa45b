import { createRoot } from 'react-dom/client';
import { APP_ROOT_ELEMENT_ID } from '@site/contracts/dom-ids';
import { loadStaffApp } from './staffRemote';
import { productPreviewLoader } from './catalogueRemote';
import { createStaffRoot } from './StaffRoot';
import { PROVIDED_FOR_REMOTES } from './sharedForRemotes';

// Drawn in the browser only (the server never renders staff pages): the remote starts loading now, with React; the
// catalogue remote only when the product editor's preview asks for it.
// The share scope must offer what the catalogue's preview takes (sharedForRemotes.ts).
if (PROVIDED_FOR_REMOTES.length === 0) throw new Error('The staff host provides no shared packages.');
const StaffRoot = createStaffRoot(() => loadStaffApp(), productPreviewLoader());
createRoot(document.getElementById(APP_ROOT_ELEMENT_ID)!).render(<StaffRoot />);
