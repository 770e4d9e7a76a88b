import { createFileRoute, Link } from '@tanstack/react-router';

export const Route = createFileRoute('/')({
  component: Landing,
});

function Landing() {
  return (
    <main>
      <h1>Switchboard</h1>
      <Link to="/app">Open the app</Link>
    </main>
  );
}
