// The agent operations (GET and PUT /api/v2/ia/{id}) go through the answer checks of every other operation: an
// answer without the agent, or with it in the wrong shape, is UnexpectedAnswer (exit 8) before a command reads it.
import { describe, expect, it } from 'vitest';
import type { Requester, ServiceBody } from '../../../src/api/request.js';
import { ServiceApi } from '../../../src/api/service.js';
import { UnexpectedAnswer } from '../../../src/errors.js';

/** A client whose every request is answered with `body`. */
function answering(body: ServiceBody): ServiceApi {
  const request: Requester = () => Promise.resolve(body);
  return new ServiceApi(request);
}

const AGENT = { id: 'agt_1', agent_name: 'Vendas', device_id: 'dev_1' };

describe('getAgents with an id', () => {
  it('returns the agent in data', async () => {
    const body = await answering({ status: 200, data: AGENT }).getAgents('key', 'agt_1');
    expect(body.data).toEqual(AGENT);
  });

  it('fails on an answer without data, or with a list where the agent should be', async () => {
    await expect(answering({ status: 200 }).getAgents('key', 'agt_1')).rejects.toThrow(
      new UnexpectedAnswer('data is missing'),
    );
    await expect(answering({ status: 200, data: [AGENT] }).getAgents('key', 'agt_1')).rejects.toThrow(UnexpectedAnswer);
  });
});

describe('getAgents without an id', () => {
  it('returns the list in data', async () => {
    const body = await answering({ status: 200, data: [AGENT] }).getAgents('key');
    expect(body.data).toEqual([AGENT]);
  });

  it('fails on an answer whose data is not a list of agents', async () => {
    for (const data of [AGENT, 'agt_1', [AGENT, 'agt_2']]) {
      await expect(answering({ status: 200, data }).getAgents('key'), JSON.stringify(data)).rejects.toThrow(
        UnexpectedAnswer,
      );
    }
  });
});

describe('updateAgent', () => {
  it('accepts an answer with the agent as changed, or with status and message only', async () => {
    for (const body of [
      { status: 200, data: AGENT },
      { status: 200, message: 'Agente de IA atualizado com sucesso' },
    ]) {
      await expect(answering(body).updateAgent('key', 'agt_1', { agent_name: 'Vendas' })).resolves.toEqual(body);
    }
  });

  it('fails on an answer whose data is not the agent', async () => {
    await expect(answering({ status: 200, data: 'ok' }).updateAgent('key', 'agt_1', {})).rejects.toThrow(
      UnexpectedAnswer,
    );
  });
});
