import { createRoot } from 'react-dom/client';
import { APP_ROOT_ELEMENT_ID } from '@site/contracts/dom-ids';
import { loadStaffApp } from './staffRemote';
import { productPreviewLoader } from './catalogueRemote';
import { createStaffRoot } from './StaffRoot';

// Drawn in the browser only (the server never renders staff pages): the remote starts loading now, with React; the
// catalogue remote only when the product editor's preview asks for it.
// The share scope offers every shared package the catalogue's preview takes, those this host never imports too
// (the store, Lingui): a host provides each by its file (tools/webpack/federated-app.cjs, hostProvided).
const StaffRoot = createStaffRoot(() => loadStaffApp(), productPreviewLoader());
createRoot(document.getElementById(APP_ROOT_ELEMENT_ID)!).render(<StaffRoot />);
