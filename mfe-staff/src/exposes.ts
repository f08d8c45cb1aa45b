// The staff remote's public surface: each module webpack.config.cjs exposes, by expose name, with its type. The staff
// host (staff-host/src/bootstrap.tsx) type-checks what it loads against this map (`import type` from
// '@site/mfe-staff/exposes'). Lists the same modules as `exposes` in webpack.config.cjs (a staff-host test checks it).
export type StaffExposes = {
  './StaffApp': typeof import('./app/StaffApp');
};
