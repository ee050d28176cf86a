import type { Route } from './+types/home';
import { api } from '../lib/api.server';

export async function loader({ context }: Route.LoaderArgs) {
  const grid = await api(context).productGrid({ items: 8, source: 'latest' });
  return { grid };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <ul>
      {loaderData.grid.products.map((p) => (
        <li key={p.id}>{p.name} {p.price.formatted}</li>
      ))}
    </ul>
  );
}
