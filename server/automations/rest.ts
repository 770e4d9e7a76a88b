import { Hono } from 'hono';
import { z } from 'zod';
import { parseInput } from '../errors';
import { requireOrg } from '../http/auth';
import { readBody } from '../http/body';
import { orgContextOf } from '../http/context';
import type { AppEnv } from '../http/env';
import { stepLog } from './runs';
import { ZCreateWorkflowInput, ZEnrollmentBody, ZListRunsInput, ZSaveDraftInput, ZWorkflowIdInput, ZWorkflowRunsQuery } from './schema';
import * as automations from './service';

const idOf = (c: { req: { param: (name: string) => string } }) => parseInput(ZWorkflowIdInput, { id: c.req.param('id') });

/** /api/v1/workflows for integrators: export, import, publish, enrol, and follow runs (described in server/api-v1/doors.ts). */
export const workflowsRest = new Hono<AppEnv>()
  .get('/', requireOrg('automations:read'), async (c) => c.json(await automations.listWorkflows(orgContextOf(c))))
  .post('/', requireOrg('automations:write'), async (c) => {
    const ctx = orgContextOf(c);
    const body = await readBody(c, ZCreateWorkflowInput.extend({ definition: z.unknown().optional() }));
    const created = await automations.createWorkflow(ctx, body);
    if (body.definition === undefined) return c.json(created, 201);
    return c.json(await automations.saveDraft(ctx, parseInput(ZSaveDraftInput, { id: created.id, definition: body.definition })), 201);
  })
  .get('/:id/definition', requireOrg('automations:read'), async (c) => {
    const workflow = await automations.getWorkflow(orgContextOf(c), idOf(c));
    return c.json(workflow.definition);
  })
  .post('/:id/publish', requireOrg('automations:write'), async (c) => c.json(await automations.publishWorkflow(orgContextOf(c), idOf(c))))
  .post('/:id/enrollments', requireOrg('automations:write'), async (c) => {
    const ctx = orgContextOf(c);
    const { id } = idOf(c);
    // Another organization's workflow is a 404 whatever the body says.
    await automations.getWorkflow(ctx, { id });
    const body = await readBody(c, ZEnrollmentBody);
    return c.json(await automations.enroll(ctx, { id, contactId: body.contactId }), 202);
  })
  .get('/:id/runs', requireOrg('automations:read'), async (c) => {
    const ctx = orgContextOf(c);
    const { id } = idOf(c);
    await automations.getWorkflow(ctx, { id });
    const query = parseInput(ZWorkflowRunsQuery, c.req.query());
    const page = await automations.listRuns(ctx, parseInput(ZListRunsInput, { ...query, workflowId: id }));
    const items = await Promise.all(page.items.map(async (run) => ({ ...run, steps: await stepLog(ctx.db, ctx.organizationId, run.id) })));
    return c.json({ items, nextCursor: page.nextCursor });
  });
