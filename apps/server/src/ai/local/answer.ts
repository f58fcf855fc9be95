/**
 * The chat assistant of the local engine (DESIGN §6: "the chat answers from the help guide and the
 * knowledge base"): no network, retrieval and composition. The passages come retrieved (help
 * sections, the user's knowledge entries); this picks the sentences that answer and writes them up
 * in the user's language, and says so plainly when nothing answers.
 * - `ai`: general help, the recent turns of the conversation widening the question.
 * - `email`: a reply drafted by the local engine's draft capability from the user's knowledge.
 * - `classification`: the user's categories (read-only) and, for a message, the closest one.
 * In every type, a question about the owner's own mail ("which customers asked for a quote today")
 * is answered from the lookups over it (lookup-question.ts, lookup-answer.ts).
 */
import type { AssistantCategory, AssistantContext, AssistantEngine, AssistantQuestion } from '../assistant';
import { retrievalText } from '../assistant-query';
import { draftReply } from './draft';
import { answerLookup } from './lookup-answer';
import { lookupQuestion } from './lookup-question';
import { createLocalEngine, LOCAL_ENGINE_NAME } from './local-engine';
import { answeringSentences, bestPassages, type Passage, stemSet } from '../passages';
import type { Language } from '../text';

const ACTIONS = {
  en: ['no action', 'replies', 'creates a draft'],
  fr: ['aucune action', 'répond', 'crée un brouillon'],
} as const;

const TEXTS = {
  en: {
    found: 'Here is what I found:',
    fromHelp: (title: string) => `From the help guide, "${title}":`,
    fromKnowledge: (title: string) => `From your knowledge base, "${title}":`,
    internalEntry: (title: string) =>
      `Your knowledge base has an internal entry on this, "${title}": I use it to understand your mail, but never quote it.`,
    nothing:
      'I could not find anything about this in the help guide or in your knowledge base. Try other words, or add an entry to your knowledge base so that I can answer it next time.',
    draftIntro: 'Here is a draft reply based on your knowledge base:',
    draftNoKnowledge:
      'Here is a draft reply. Your knowledge base has nothing on this yet, so check the details before sending it:',
    noCategories:
      'You have no categories yet. Add them under Settings, Mailbox, categories, or let the AI propose some from your recent mail.',
    yourCategories: 'Your categories:',
    kind: { ai: 'AI', rules: 'rules' },
    noInstruction: 'no instruction',
    closest: (name: string) => `This message would most likely go to "${name}".`,
    noneFits: 'None of your AI categories clearly fits this message.',
  },
  fr: {
    found: 'Voici ce que j’ai trouvé :',
    fromHelp: (title: string) => `Dans le guide d’aide, « ${title} » :`,
    fromKnowledge: (title: string) => `Dans votre base de connaissances, « ${title} » :`,
    internalEntry: (title: string) =>
      `Votre base de connaissances a une entrée interne à ce sujet, « ${title} » : je m’en sers pour comprendre vos messages, mais je ne la cite jamais.`,
    nothing:
      'Je n’ai rien trouvé à ce sujet dans le guide d’aide ni dans votre base de connaissances. Essayez d’autres mots, ou ajoutez une entrée à votre base de connaissances pour que je puisse y répondre la prochaine fois.',
    draftIntro: 'Voici un brouillon de réponse fondé sur votre base de connaissances :',
    draftNoKnowledge:
      'Voici un brouillon de réponse. Votre base de connaissances ne dit encore rien à ce sujet : vérifiez les détails avant de l’envoyer :',
    noCategories:
      'Vous n’avez pas encore de catégorie. Ajoutez-en dans Paramètres, Boîte mail, catégories, ou laissez l’IA en proposer à partir de votre courrier récent.',
    yourCategories: 'Vos catégories :',
    kind: { ai: 'IA', rules: 'règles' },
    noInstruction: 'sans instruction',
    closest: (name: string) => `Ce message irait le plus probablement dans « ${name} ».`,
    noneFits: 'Aucune de vos catégories IA ne correspond clairement à ce message.',
  },
} as const;

/** Longer than this, the text is a message pasted to be answered or sorted, not a question about the mail. */
const LOOKUP_MAX_WORDS = 40;

/** A question this short names no message to sort: it asks about the categories themselves. */
const MESSAGE_MIN_WORDS = 6;

function block(heading: string, lines: string[]) {
  return [heading, ...lines].join('\n');
}

/** The passages that answer, each as a heading and its answering sentences. */
function passageBlocks(passages: Passage[], query: Set<string>, language: Language, heading: (title: string) => string) {
  return passages.map((p) => block(heading(p.title), answeringSentences(p.content, query, language)));
}

function answerGeneral(question: AssistantQuestion, context: AssistantContext): string {
  const t = TEXTS[context.language];
  const query = stemSet(retrievalText(question), context.language);
  const help = bestPassages(context.help, query, context.language, 2);
  const knowledge = bestPassages(context.knowledge, query, context.language, 2);
  if (!help.length && !knowledge.length) return t.nothing;
  // An internal entry is named, never quoted (docs/decisions.md, "Knowledge visibility").
  const quotable = knowledge.filter((k) => !k.internal);
  const internal = knowledge.filter((k) => k.internal);
  return [
    t.found,
    ...passageBlocks(quotable, query, context.language, t.fromKnowledge),
    ...internal.map((k) => t.internalEntry(k.title)),
    ...passageBlocks(help, query, context.language, t.fromHelp),
  ].join('\n\n');
}

async function answerEmail(question: AssistantQuestion, context: AssistantContext): Promise<string> {
  const draft = await draftReply(
    { subject: '', from: null, to: [], text: question.question, date: null },
    {
      responseInstructions: '',
      ownerPrompt: context.ownerPrompt,
      knowledge: context.knowledge,
      pastReplies: [],
      senderName: context.senderName,
      now: new Date(),
      timeZone: null,
      history: [],
      thread: [],
    },
  );
  const t = TEXTS[draft.language];
  // The draft quotes no internal entry: only quotable ones make it "based on your knowledge base".
  const grounded = context.knowledge.some((k) => !k.internal);
  return `${grounded ? t.draftIntro : t.draftNoKnowledge}\n\n${draft.text}`;
}

function describeCategory(category: AssistantCategory, language: Language): string {
  const t = TEXTS[language];
  const action = ACTIONS[language][category.action] ?? ACTIONS[language][0];
  const instruction = category.instruction.trim() || t.noInstruction;
  return `- ${category.name} (${t.kind[category.kind]}, ${action}): ${instruction.replace(/\s+/g, ' ').slice(0, 300)}`;
}

const classifier = createLocalEngine();

/** For a question that carries a message: the AI category the local classifier finds closest. */
async function closestCategory(question: AssistantQuestion, categories: AssistantCategory[], language: Language) {
  const ai = categories.filter((c) => c.kind === 'ai');
  if (!ai.length || stemSet(question.question, language).size < MESSAGE_MIN_WORDS) return null;
  const message = { subject: '', from: null, to: [], text: question.question, date: null };
  const result = await classifier.classify(message, ai, null);
  const category = ai.find((c) => c.id === result.categoryId);
  return category ? TEXTS[language].closest(category.name) : TEXTS[language].noneFits;
}

async function answerClassification(question: AssistantQuestion, context: AssistantContext): Promise<string> {
  const t = TEXTS[context.language];
  const query = stemSet(question.question, context.language);
  const help = bestPassages(context.help, query, context.language, 1);
  const parts: string[] = [];
  if (!context.categories.length) parts.push(t.noCategories);
  else {
    const closest = await closestCategory(question, context.categories, context.language);
    if (closest) parts.push(closest);
    parts.push(
      block(
        t.yourCategories,
        context.categories.map((c) => describeCategory(c, context.language)),
      ),
    );
  }
  parts.push(...passageBlocks(help, query, context.language, t.fromHelp));
  return parts.join('\n\n');
}

export function createLocalAssistant(): AssistantEngine {
  async function answer(question: AssistantQuestion, context: AssistantContext): Promise<string> {
    // A question about the owner's own mail is looked up, whatever the type; a pasted message is not a question.
    const lookup =
      context.tools && question.question.split(/\s+/).length <= LOOKUP_MAX_WORDS
        ? lookupQuestion(question.question, context.language)
        : null;
    if (lookup && context.tools) return answerLookup(lookup, context.tools, context.categories, lookup.language);
    if (question.promptType === 'email') return answerEmail(question, context);
    if (question.promptType === 'classification') return answerClassification(question, context);
    return answerGeneral(question, context);
  }
  return {
    name: LOCAL_ENGINE_NAME,
    answer,
    async *streamAnswer(question, context) {
      yield await answer(question, context);
    },
  };
}
