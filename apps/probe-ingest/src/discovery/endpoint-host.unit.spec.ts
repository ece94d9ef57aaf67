import { AI_API_HOSTS } from './ai-api-hosts';
import { endpointHost, matchAiApiHost } from './endpoint-host';

describe('endpointHost', () => {
  it.each([
    ['api.openai.com', 'api.openai.com'],
    ['API.OpenAI.com.', 'api.openai.com'],
    ['api.openai.com:443', 'api.openai.com'],
    ['api.openai.com/v1/chat/completions', 'api.openai.com'],
    ['https://api.anthropic.com/v1/messages?beta=true', 'api.anthropic.com'],
    ['https://user:pw@my-res.openai.azure.com:8443/openai', 'my-res.openai.azure.com'],
    ['  grpc://us-central1-aiplatform.googleapis.com  ', 'us-central1-aiplatform.googleapis.com'],
  ])('reads %j as %j', (observed, host) => {
    expect(endpointHost(observed)).toBe(host);
  });

  it.each(['', '   ', 'https://', 'not a host', 'exa_mple.com', '-bad.com', 'http://[::1]:80/'])(
    'finds no host in %j',
    (observed) => {
      expect(endpointHost(observed)).toBeUndefined();
    },
  );
});

describe('matchAiApiHost', () => {
  it.each([
    ['api.openai.com', 'OpenAI', false],
    ['contoso-eastus.openai.azure.com', 'Azure OpenAI', true],
    ['api.anthropic.com', 'Anthropic', false],
    ['generativelanguage.googleapis.com', 'Google Gemini', false],
    ['europe-west4-aiplatform.googleapis.com', 'Google Vertex AI', true],
    ['bedrock-runtime.us-east-1.amazonaws.com', 'Amazon Bedrock', true],
    ['api.cohere.com', 'Cohere', false],
    ['api.cohere.ai', 'Cohere', false],
    ['api.mistral.ai', 'Mistral AI', false],
    ['api.groq.com', 'Groq', false],
    ['api.together.xyz', 'Together AI', false],
    ['api-inference.huggingface.co', 'Hugging Face', false],
    ['api.deepseek.com', 'DeepSeek', false],
  ])('knows %s as %s', (host, vendor, wildcard) => {
    expect(matchAiApiHost(host)).toEqual({ vendor, wildcard });
  });

  it.each([
    'openai.com',
    'evil-api.openai.com',
    'api.openai.com.evil.net',
    'openai.azure.com',
    'a.b.openai.azure.com',
    'bedrock-runtime.amazonaws.com',
    's3.us-east-1.amazonaws.com',
    'www.googleapis.com',
    'example.com',
  ])('does not take %s for an AI API', (host) => {
    expect(matchAiApiHost(host)).toBeUndefined();
  });

  it('lists each pattern once, lower-case, with a vendor', () => {
    const patterns = AI_API_HOSTS.map((entry) => entry.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
    for (const entry of AI_API_HOSTS) {
      expect(entry.pattern).toBe(entry.pattern.toLowerCase());
      expect(entry.vendor.length).toBeGreaterThan(0);
    }
  });
});
