import type { Config } from '../config.ts';
import type { Database } from '../db/connect.ts';
import { createChatRepository } from '../sandbox/chat/chat-repository.ts';
import { SandboxChatService } from '../sandbox/chat/sandbox-chat.ts';
import type { ChatService } from './chat.ts';

/**
 * The chat service the configuration names: CHAT_SERVICE=sandbox (the default) keeps each
 * user's conversation in the database and has a canned agent answer every message
 * (sandbox/chat/). A hosted chat service plugs in here: a class implementing ChatService that
 * calls the service's REST API with its own credentials (settings of its own in config.ts), maps
 * the portal user id to the service's user, and times out rather than hanging a request; its
 * browser widget's origins go in CSP_THIRD_PARTY_HOSTS (docs/configuration.md), the one list the CSP uses.
 */
export function createChatService(db: Database, now: () => Date, choice: Config['chatService']): ChatService {
  switch (choice) {
    case 'sandbox':
      return new SandboxChatService(createChatRepository(db), now);
  }
}
