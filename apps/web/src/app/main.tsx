import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { installErrorLog } from '../lib/error-log.ts';
import '../lib/i18n.ts';
import './global.css';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

// Unhandled errors of production builds go to the error-log store (spec section 8).
if (import.meta.env.PROD) installErrorLog();

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
