/** The failAgents option: some agents' inventory answers 503 while every other request is served. */
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { request, useSandbox } from '../helpers/sandbox.js';

describe('failAgents', () => {
  const sandbox = useSandbox({ events: 200, failAgents: ['skybox', 'vividSeats'] });

  it('answers 503 to the named agents (by code or name) and serves the others', async () => {
    const skybox = await request(sandbox(), '/inventory/SKYBOX/1');
    expect(skybox.status).toBe(503);
    expect(skybox.json).toEqual({
      status: 503,
      error: 'Service Unavailable',
      message: 'Inventory service for SKYBOX temporarily unavailable (sandbox failAgents)',
    });
    expect((await request(sandbox(), '/inventory/vividseats/1')).status).toBe(503);

    const event = sandbox().events.find((e) => e.agentIds.TMUSA)!;
    const tmusa = await request(sandbox(), `/inventory/TMUSA/${event.agentIds.TMUSA}`);
    expect(tmusa.status).toBe(200);
    expect(tmusa.json.data[0].eventId).toBe(event.agentIds.TMUSA);
    expect((await request(sandbox(), `/events/${event.id}`)).status).toBe(200);
  });

  it('refuses an agent it does not know', async () => {
    await expect(startSandbox({ failAgents: ['NOPE'] })).rejects.toThrow("failAgents: 'NOPE' is not a ticket agent");
  });
});
