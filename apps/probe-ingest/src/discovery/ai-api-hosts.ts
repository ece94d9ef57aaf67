/**
 * Hosts of hosted AI model APIs, with the vendor behind each. Telemetry showing calls to one of them that
 * no system of the organization claims reveals shadow AI. `*` stands for one DNS label or part of one
 * (an Azure resource name, a cloud region). Keep entries to inference APIs: a host here that also serves
 * unrelated traffic would register systems nobody uses.
 */
export const AI_API_HOSTS: ReadonlyArray<{ pattern: string; vendor: string }> = [
  { pattern: 'api.openai.com', vendor: 'OpenAI' },
  { pattern: '*.openai.azure.com', vendor: 'Azure OpenAI' },
  { pattern: '*.services.ai.azure.com', vendor: 'Azure AI Foundry' },
  { pattern: '*.inference.ai.azure.com', vendor: 'Azure AI Foundry' },
  { pattern: 'api.anthropic.com', vendor: 'Anthropic' },
  { pattern: 'generativelanguage.googleapis.com', vendor: 'Google Gemini' },
  { pattern: 'aiplatform.googleapis.com', vendor: 'Google Vertex AI' },
  { pattern: '*-aiplatform.googleapis.com', vendor: 'Google Vertex AI' },
  { pattern: 'bedrock-runtime.*.amazonaws.com', vendor: 'Amazon Bedrock' },
  { pattern: 'bedrock-runtime-fips.*.amazonaws.com', vendor: 'Amazon Bedrock' },
  { pattern: 'bedrock-agent-runtime.*.amazonaws.com', vendor: 'Amazon Bedrock' },
  { pattern: 'runtime.sagemaker.*.amazonaws.com', vendor: 'Amazon SageMaker' },
  { pattern: 'api.cohere.ai', vendor: 'Cohere' },
  { pattern: 'api.cohere.com', vendor: 'Cohere' },
  { pattern: 'api.mistral.ai', vendor: 'Mistral AI' },
  { pattern: 'api.groq.com', vendor: 'Groq' },
  { pattern: 'api.together.xyz', vendor: 'Together AI' },
  { pattern: 'api.together.ai', vendor: 'Together AI' },
  { pattern: 'api-inference.huggingface.co', vendor: 'Hugging Face' },
  { pattern: 'router.huggingface.co', vendor: 'Hugging Face' },
  { pattern: '*.endpoints.huggingface.cloud', vendor: 'Hugging Face' },
  { pattern: 'api.deepseek.com', vendor: 'DeepSeek' },
  { pattern: 'api.x.ai', vendor: 'xAI' },
  { pattern: 'api.perplexity.ai', vendor: 'Perplexity' },
  { pattern: 'api.fireworks.ai', vendor: 'Fireworks AI' },
  { pattern: 'openrouter.ai', vendor: 'OpenRouter' },
  { pattern: 'api.replicate.com', vendor: 'Replicate' },
  { pattern: 'api.ai21.com', vendor: 'AI21 Labs' },
  { pattern: 'api.voyageai.com', vendor: 'Voyage AI' },
  { pattern: 'api.stability.ai', vendor: 'Stability AI' },
  { pattern: 'api.elevenlabs.io', vendor: 'ElevenLabs' },
  { pattern: 'api.moonshot.ai', vendor: 'Moonshot AI' },
  { pattern: 'dashscope.aliyuncs.com', vendor: 'Alibaba Cloud Model Studio' },
  { pattern: 'dashscope-intl.aliyuncs.com', vendor: 'Alibaba Cloud Model Studio' },
];
