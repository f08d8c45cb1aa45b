import { createRoot } from 'react-dom/client';
import { APP_ROOT_ELEMENT_ID } from '@site/contracts/dom-ids';
import { loadStaffApp } from './staffRemote';
import { createStaffRoot } from './StaffRoot';

// Drawn in the browser only (the server never renders staff pages): the remote starts loading now, with React.
const StaffRoot = createStaffRoot(() => loadStaffApp());
createRoot(document.getElementById(APP_ROOT_ELEMENT_ID)!).render(<StaffRoot />);
