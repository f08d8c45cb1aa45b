// The message form's public surface for the rest of the contact remote.
export { MessageForm } from './MessageForm';
