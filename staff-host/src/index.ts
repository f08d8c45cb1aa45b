// Async boundary: the shared singletons (React, the router, styled-components…) are set up before any app code runs.
void import('./bootstrap');
