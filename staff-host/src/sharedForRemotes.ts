// The shared packages the catalogue's preview module takes from the page (the product editor's live preview). Remotes
// bring no copies of their own (`import: false`, tools/webpack/federated-app.cjs), and a host provides only the shared
// packages its build imports: the staff app uses neither the store nor Lingui, so without these imports the catalogue
// failed with "Can not get '@site/shared-store'". Staff pages only; the public shell provides them all already.
import * as linguiCore from '@lingui/core';
import * as linguiReact from '@lingui/react';
import { configureStore } from '@reduxjs/toolkit';
import * as reactDomClient from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import * as sharedStore from '@site/shared-store';
import * as sharedUi from '@site/shared-ui';

/** One name of each, so the build keeps (and the share scope offers) each package (facades allow only some names). */
export const PROVIDED_FOR_REMOTES: readonly object[] = [linguiCore, linguiReact, configureStore, reactDomClient, Provider, BrowserRouter, ThemeProvider, sharedStore, sharedUi];
