// The assistant feature as the one Fastify plugin app.ts registers: /api/chat (the AI provider, or the knowledge base).
// fastify-plugin adds no scope of its own: see submissions/plugin.ts for why every feature's plugin is made so.
import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { chatRoutes, type ChatRoutesOptions } from './chatRoutes.js';

export type AssistantPluginOptions = ChatRoutesOptions;

const assistant: FastifyPluginAsync<AssistantPluginOptions> = async (app, options) => {
  void app.register(chatRoutes, options);
};

export const assistantPlugin = fastifyPlugin(assistant, { fastify: '5.x', name: 'site-assistant' });
