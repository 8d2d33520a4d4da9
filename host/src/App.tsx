import { AppProviders, createBrowserRouter, RouterProvider } from '@bawaba/shared';
import { routes } from './routes.tsx';

const router = createBrowserRouter(routes);

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
