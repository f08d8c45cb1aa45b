// What the assistant says in the widget's own flows (the answers to questions come from the server).
import { company } from '@site/content';

export const ASSISTANT_TITLE = 'Crescent Assistant';

export const BOT_TEXTS = {
  greeting: `Hello! Welcome to **${company.name}**. I'm ${ASSISTANT_TITLE}, here to help with our products, brands, branches and services.`,
  welcomeBack: (name: string) => `Welcome back, ${name}!`,
  thanks: (name: string) =>
    `Thank you, ${name}! How can I help you today? Ask me about our products, brands or branches, or use 'Send Inquiry' to send us your requirements.`,
  askName: "Happy to chat! First, what's your name?",
  askEmail: (name: string) => `Nice to meet you, ${name}! What's your email address?`,
  invalidEmail: 'Please enter a valid email address so I can assist you better.',
  askCountry: 'Thanks! Which region/branch would you like to inquire about?',
  chooseCountry: 'Please choose one of the options below.',
  assistantFailed: `I apologize, but I'm having trouble processing your request right now. Please try again or contact us directly at ${company.mainPhone}.`,
  inquirySent: (name: string, email: string) =>
    `Thank you, ${name}! Your inquiry has been sent successfully. Our team will reply to ${email} within 24 hours. Is there anything else I can help you with?`,
  inquiryFailed: (name: string) =>
    `Sorry ${name}, there was an issue sending your inquiry. Please try contacting us directly at ${company.generalEmail} or call ${company.mainPhone}.`,
} as const;

/** Spec: welcome greeting and replies after 0.5 s, the reply to the country choice after about 1 s. */
export const GREETING_DELAY_MS = 500;
export const REPLY_DELAY_MS = 500;
export const COUNTRY_REPLY_DELAY_MS = 1000;
