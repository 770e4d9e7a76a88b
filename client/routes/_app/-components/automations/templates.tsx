import { useNavigate } from '@tanstack/react-router';
import { PlusIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormAlert, TextField } from '../../../../components/form';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../../components/ui/card';
import { ZCreateWorkflowInput } from '../../../../lib/automations-schema';
import { errorMessageOf } from '../../../../lib/errors';
import { validateForm } from '../../../../lib/forms';
import { trpc } from '../../../../lib/trpc';
import type { RouterOutputs } from '../crm/types';

type Template = RouterOutputs['automations']['templates']['items'][number];

/** Creates a workflow (blank or from a template) and opens it in the builder. */
function useCreateWorkflow() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  return trpc.automations.create.useMutation({
    onSuccess: async (created) => {
      await utils.automations.list.invalidate();
      await navigate({ to: '/automation', search: { id: created.id } });
    },
  });
}

export function NewWorkflowForm({ disabled }: { disabled: boolean }) {
  const create = useCreateWorkflow();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = validateForm(ZCreateWorkflowInput, { name });
    if (!parsed.ok) return setError(parsed.errors.name);
    setError(undefined);
    create.mutate({ name: parsed.data.name });
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="New workflow" noValidate>
      <TextField label="Workflow name" className="w-full sm:w-80" value={name} error={error} onChange={(e) => setName(e.target.value)} disabled={disabled} />
      <Button type="submit" disabled={disabled || create.isPending}>
        <PlusIcon className="size-4" aria-hidden />
        {create.isPending ? 'Creating…' : 'New Workflow'}
      </Button>
      <FormAlert className="w-full" message={create.error ? errorMessageOf(create.error, 'Could not create the workflow') : null} />
    </form>
  );
}

/** The templates panel: each a real graph; 'Use Template' creates a draft from it. */
export function TemplateList({ templates, disabled }: { templates: readonly Template[]; disabled: boolean }) {
  const create = useCreateWorkflow();
  return (
    <section aria-labelledby="templates-heading" className="flex flex-col gap-3">
      <h2 id="templates-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
        Templates
      </h2>
      <FormAlert message={create.error ? errorMessageOf(create.error, 'Could not create the workflow') : null} />
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {templates.map((template) => (
          <li key={template.key}>
            <Card className="flex h-full flex-col">
              <CardHeader className="pb-3">
                <CardTitle as="h3" className="text-base">
                  {template.name}
                </CardTitle>
                <CardDescription>{template.description}</CardDescription>
              </CardHeader>
              <CardContent className="flex flex-wrap gap-2">
                <Badge tone="indigo">{template.category}</Badge>
                <Badge>{template.stepCount === 1 ? '1 step' : `${template.stepCount} steps`}</Badge>
              </CardContent>
              <CardFooter className="mt-auto">
                <Button
                  variant="outline"
                  disabled={disabled || create.isPending}
                  onClick={() => create.mutate({ name: template.name, templateKey: template.key })}
                  aria-label={`Use Template ${template.name}`}
                >
                  Use Template
                </Button>
              </CardFooter>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
