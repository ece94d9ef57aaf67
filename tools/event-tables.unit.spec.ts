import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INTERNAL_TOPICS, PUBLIC_EVENT_TYPES, publicTopicFor } from '@governance/contracts';

const read = (path: string) => readFileSync(join(__dirname, '..', path), 'utf8');

/** The `| \`topic\` | event |` rows of the public topics' tables, as [topic, event] pairs. */
function topicRows(markdown: string): Array<[string, string]> {
  return [...markdown.matchAll(/^\| `(governance\.(?!internal\.)[a-z.]+)`\s*\| ([a-z.]+)\s*\|/gm)].map(
    ([, topic, event]) => [topic!, event!],
  );
}

/**
 * The hand-written guides name every event type: a new one fails here until docs/architecture.md and
 * docs/events.md list it (the schemas, AsyncAPI and the console's lists are generated).
 */
describe('the event tables of the guides', () => {
  const expected = PUBLIC_EVENT_TYPES.map((event) => [publicTopicFor(event), event]);

  it('list every public topic with its event, in the contract’s order', () => {
    expect(topicRows(read('docs/architecture.md'))).toEqual(expected);
    expect(topicRows(read('docs/events.md'))).toEqual(expected);
  });

  it('give the details of every public event in docs/events.md', () => {
    const events = read('docs/events.md');
    const detailed = [...events.matchAll(/^\| ([a-z]+\.[a-z]+)\s*\| `/gm)].map(([, event]) => event);
    expect(detailed).toEqual([...PUBLIC_EVENT_TYPES]);
  });

  it('name every internal topic in docs/architecture.md', () => {
    const architecture = read('docs/architecture.md');
    expect(Object.values(INTERNAL_TOPICS).filter((topic) => !architecture.includes(topic))).toEqual([]);
  });
});

/** Product sources (tests, test harnesses and the console aside), path and text. */
function productSources(directory: string): Array<[string, string]> {
  return readdirSync(join(__dirname, '..', directory), { recursive: true, encoding: 'utf8' })
    .filter(
      (path) => path.endsWith('.ts') && !path.includes('.spec.') && !path.split('/').includes('testing'),
    )
    .map((path) => [join(directory, path), read(join(directory, path))]);
}

/**
 * A public event type is published, advertised (AsyncAPI, the webhook catalogue, the console's subscription
 * list) and consumed from its contract alone; only this names one that no service ever sends.
 */
describe('the producers of public events', () => {
  it('build every public event type in some service (a record with `event: <type>`)', () => {
    const services = readdirSync(join(__dirname, '..', 'apps')).filter((app) => app !== 'console');
    const sources = services.flatMap((app) => productSources(join('apps', app, 'src')));
    const unproduced = PUBLIC_EVENT_TYPES.filter(
      (type) => !sources.some(([, text]) => text.includes(`event: '${type}'`)),
    );
    expect(unproduced).toEqual([]);
  });
});
