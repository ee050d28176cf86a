import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, isRouteErrorResponse, useRouteError } from 'react-router';
import type { Route } from './+types/root';
import { api, cspNonce } from './lib/api.server';
import './app.css';

export async function loader({ context }: Route.LoaderArgs) {
  const client = api(context);
  const [initial, mainMenu] = await Promise.all([client.initialValues(), client.menu('main-menu')]);
  return { initial, mainMenu, nonce: cspNonce(context) };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useLoaderData<typeof loader>();
  const nonce = data?.nonce?.script;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <h1>{isRouteErrorResponse(error) ? `${error.status}` : 'Error'}</h1>;
}
