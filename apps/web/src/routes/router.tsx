import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RootLayout } from './root-layout';
import { RouteGuard } from './route-guard';
import { routeTable } from './route-table';
import { SignedInLayout } from './signed-in-layout';

const publicRoutes: RouteObject[] = routeTable
  .filter((entry) => entry.guard === 'public')
  .map((entry) => ({ path: entry.path, element: entry.element }));

const guardedRoutes: RouteObject[] = routeTable
  .filter((entry) => entry.guard !== 'public')
  .map((entry) => ({ path: entry.path, element: <RouteGuard guard={entry.guard}>{entry.element}</RouteGuard> }));

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      children: [...publicRoutes, { element: <SignedInLayout />, children: guardedRoutes }],
    },
  ]);
}
