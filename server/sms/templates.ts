/** The templates every organization starts with (seeded on its first look at the templates). */
export const DEFAULT_SMS_TEMPLATES: readonly { name: string; category: string; message: string }[] = [
  {
    name: 'Appointment reminder',
    category: 'appointments',
    message: 'Hi {{firstName}}, this is a reminder of your appointment with {{business}} on {{date}} at {{time}}. Reply to this message if you need to reschedule.',
  },
  {
    name: 'Follow-up',
    category: 'sales',
    message: 'Hi {{firstName}}, thanks for speaking with us today. Do you have any questions I can answer? {{agentName}}, {{business}}',
  },
  {
    name: 'Review request',
    category: 'reviews',
    message: 'Hi {{firstName}}, thank you for choosing {{business}}! Would you take a minute to tell others about your experience? {{reviewLink}}',
  },
  {
    name: 'Welcome',
    category: 'onboarding',
    message: 'Welcome to {{business}}, {{firstName}}! We are glad to have you. Reply HELP for help or STOP to opt out.',
  },
  {
    name: 'Payment reminder',
    category: 'billing',
    message: 'Hi {{firstName}}, a friendly reminder that your payment of {{amount}} to {{business}} is due on {{dueDate}}. Pay here: {{paymentLink}}',
  },
];

/** The HELP answer until the organization writes its own. */
export function defaultHelpText(organizationName: string): string {
  return `${organizationName}: reply to this message and our team will help. Msg & data rates may apply. Reply STOP to opt out.`;
}
