// The server's entry point. React and styled-components render pages here (http/ssr): their production builds unless
// told otherwise (the development ones are several times slower and check things only a developer reads). This must
// be set before anything loads React, and the server's own modules do at import time (the route table's matcher is
// react-router's), while static imports run before a module's code: hence this file, which imports the rest after.
process.env.NODE_ENV ??= 'production';
await import('./server.js');
