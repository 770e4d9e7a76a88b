/**
 * The browser's speech recognition (Web Speech API), where it exists: Chrome and Edge (prefixed),
 * Safari. Typed here because TypeScript's DOM library does not describe it.
 */
export type RecognitionResult = { transcript: string; confidence: number; isFinal: boolean };

type SpeechRecognitionEventLike = { resultIndex: number; results: ArrayLike<{ isFinal: boolean; 0: { transcript: string; confidence: number } }> };

export type Recognizer = {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  start: () => void;
  stop: () => void;
  onresult: ((event: SpeechRecognitionEventLike) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
};

type RecognizerClass = new () => Recognizer;

export function recognizerClass(): RecognizerClass | null {
  const scope = window as unknown as { SpeechRecognition?: RecognizerClass; webkitSpeechRecognition?: RecognizerClass };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition ?? null;
}

/** The results of one event, interim and final. */
export function resultsOf(event: SpeechRecognitionEventLike): RecognitionResult[] {
  const results: RecognitionResult[] = [];
  for (let i = event.resultIndex; i < event.results.length; i++) {
    const result = event.results[i]!;
    results.push({ transcript: result[0].transcript.trim(), confidence: result[0].confidence, isFinal: result.isFinal });
  }
  return results;
}

/** What users meet, in words they can act on (spec §8: an error stops listening). */
export function recognitionErrorMessage(error: string): string {
  switch (error) {
    case 'network':
      return "Your browser's speech service could not be reached. Check your connection, or type the command below.";
    case 'not-allowed':
    case 'service-not-allowed':
      return 'The microphone is blocked for this site. Allow it in your browser’s site settings, then press Listen again.';
    case 'audio-capture':
      return 'No microphone was found. Connect one, or type the command below.';
    case 'no-speech':
      return 'Nothing was heard. Press Listen and speak again.';
    case 'language-not-supported':
      return 'Your browser cannot recognize speech in this language. Type the command below.';
    default:
      return `Listening stopped (${error}). Press Listen to try again, or type the command below.`;
  }
}

/** A spoken answer to "shall I?": yes, no, or neither. */
export function answerOf(transcript: string): 'yes' | 'no' | null {
  const text = transcript.trim().toLowerCase();
  if (/^(yes|yeah|yep|confirm|do it|go ahead|ok|okay|oui|نعم)\b/.test(text)) return 'yes';
  if (/^(no|nope|cancel|stop|non|annuler|لا)\b/.test(text)) return 'no';
  return null;
}

export const UNSUPPORTED_NOTICE = 'Voice recognition is not supported in your current browser. Please use Chrome, Safari, or Edge for the best experience.';

/** Spec §2.7: the six commands (phrase, action, category, description). */
export const SPEC_COMMANDS = [
  { phrase: "Show me today's leads", action: 'display_leads', category: 'Data', description: 'Opens the contacts created today.' },
  { phrase: 'Send follow-up email', action: 'send_email', category: 'Communication', description: 'Opens the e-mail composer for the contact on screen or the one you name.' },
  { phrase: 'Schedule a call', action: 'schedule_call', category: 'Calendar', description: 'Books a 30-minute call, e.g. "with Ana Lopez tomorrow at 3 pm", in your time zone.' },
  { phrase: 'Create new automation', action: 'create_automation', category: 'Automation', description: 'Opens the workflow builder.' },
  { phrase: 'Show pipeline status', action: 'show_pipeline', category: 'Sales', description: 'Reads the deals per stage and their value, and opens the board.' },
  { phrase: 'Add to hot leads', action: 'tag_hot_lead', category: 'Lead Management', description: 'Tags the contact on screen, or the one you name, hot-lead.' },
] as const;

/** Spec §4.5: processing lasts 1.5 s for a spoken match and 1 s for a clicked one. */
export const PROCESSING_MS = { spoken: 1500, clicked: 1000 } as const;
