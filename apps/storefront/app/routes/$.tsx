import { data } from 'react-router';
import type { Route } from './+types/$';

export async function loader({ request }: Route.LoaderArgs) {
  throw data({ message: `Page not found: ${new URL(request.url).pathname}` }, { status: 404 });
}

export default function CatchAll() {
  return null;
}
