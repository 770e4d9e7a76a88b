import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/app')({
  component: () => <h1>Dashboard</h1>,
});
