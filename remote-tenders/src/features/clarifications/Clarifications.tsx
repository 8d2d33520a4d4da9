import {
  Badge,
  Box,
  Button,
  Field,
  formatDate,
  HStack,
  notify,
  Stack,
  Text,
  Textarea,
  useLoad,
  useSessionStore,
} from '@bawaba/shared';
import type { Clarification, Tender } from '@bawaba/shared/contracts';
import { clarificationCutoff } from '@bawaba/shared/deadline-rules';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { answerQuestion, askQuestion, listClarifications } from '../../api.ts';
import { useCaller } from '../../caller.ts';

/**
 * Questions and answers on a tender (api/README.md "Tender lifecycle"). Answered questions are public and never
 * name the asker; a signed-in bidder sees their own unanswered ones, the owner every unanswered one with a form to
 * answer it. Questions are taken while the tender is published, until its cut-off: the tender's `can` says who may
 * ask or answer now.
 */
export function Clarifications({ tender }: { tender: Tender }) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const caller = useCaller();
  const list = useLoad(`clarifications|${tender.id}|${caller}`, () => listClarifications(tender.id));
  const cutoff = clarificationCutoff(tender.deadline, tender.clarificationCutoff);
  const open = tender.state === 'published' && (!cutoff || cutoff.getTime() > Date.now());
  // Who may ask or answer is the API's answer (`can`); a visitor whom signing in would allow is told so.
  const mayAsk = tender.can.askQuestion;
  const signInToAsk = tender.refusals.askQuestion === 'UNAUTHORIZED';
  const items = list.data ?? [];

  return (
    <section aria-labelledby="clarifications-title" data-testid="clarifications">
      <Text as="h2" id="clarifications-title" fontWeight="semibold" fontSize="lg" mb="1">
        {t`Questions and answers`}
      </Text>
      <Text fontSize="sm" color="fg.muted" mb="3" data-testid="clarification-cutoff">
        {open && cutoff
          ? t`Questions are taken until ${formatDate(cutoff, language)}. Answers are published here without the asker's name.`
          : open
            ? t`Answers are published here without the asker's name.`
            : t`The period for questions has ended.`}
      </Text>
      {mayAsk && <AskForm tenderId={tender.id} onAsked={list.reload} />}
      {signInToAsk && (
        <Text fontSize="sm" mb="3">
          {t`Sign in to ask a question.`}
        </Text>
      )}
      {items.length === 0 ? (
        list.data && (
          <Text color="fg.muted" data-testid="no-clarifications">
            {t`No questions have been answered yet.`}
          </Text>
        )
      ) : (
        <Stack gap="3" mt="3">
          {items.map((c) => (
            <QuestionItem
              key={c.id}
              tenderId={tender.id}
              item={c}
              canAnswer={tender.can.answerQuestion && c.answer === null}
              onAnswered={list.reload}
            />
          ))}
        </Stack>
      )}
    </section>
  );
}

/** A text form's submit: the trimmed text once at a time; a refusal is shown by the shell and only ends the wait. */
function useSubmit(text: string, send: (text: string) => Promise<void>) {
  const [sending, setSending] = useState(false);
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    setSending(true);
    try {
      await send(text.trim());
    } catch {
      // The shell shows the server's message.
    } finally {
      setSending(false);
    }
  }
  return { sending, submit };
}

function AskForm({ tenderId, onAsked }: { tenderId: number; onAsked: () => void }) {
  const { t } = useLingui();
  const [question, setQuestion] = useState('');
  const { sending, submit } = useSubmit(question, async (text) => {
    await askQuestion(tenderId, text);
    setQuestion('');
    notify.success(t`Your question was sent to the tender owner.`);
    onAsked();
  });
  return (
    <form onSubmit={submit} data-testid="ask-form">
      <Field.Root required>
        <Field.Label>{t`Your question`}</Field.Label>
        <Textarea
          name="question"
          value={question}
          maxLength={2000}
          onChange={(e) => setQuestion(e.target.value)}
          dir="auto"
        />
        <Field.HelperText>{t`The owner and you see it until it is answered; your name is never published.`}</Field.HelperText>
      </Field.Root>
      <Button
        type="submit"
        mt="2"
        size="sm"
        colorPalette="brand"
        loading={sending}
        disabled={!question.trim()}
      >
        {t`Ask`}
      </Button>
    </form>
  );
}

function QuestionItem({
  tenderId,
  item,
  canAnswer,
  onAnswered,
}: {
  tenderId: number;
  item: Clarification;
  canAnswer: boolean;
  onAnswered: () => void;
}) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const [answer, setAnswer] = useState('');
  const { sending, submit } = useSubmit(answer, async (text) => {
    await answerQuestion(tenderId, item.id, text);
    notify.success(t`Answer published`);
    onAnswered();
  });
  return (
    <Box
      borderWidth="1px"
      borderRadius="md"
      p="3"
      data-testid="clarification"
      data-answered={item.answer !== null}
      data-clarification-id={item.id}
    >
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontWeight="medium">{t`Question`}</Text>
        <HStack gap="2">
          {item.mine && <Badge colorPalette="brand">{t`Your question`}</Badge>}
          {item.answer === null && <Badge colorPalette="orange">{t`Awaiting answer`}</Badge>}
          <Text fontSize="sm" color="fg.muted">
            {formatDate(item.askedAt, language)}
          </Text>
        </HStack>
      </HStack>
      <Text dir="auto" whiteSpace="pre-wrap" data-testid="clarification-question">
        {item.question}
      </Text>
      {item.answer !== null && (
        <Stack gap="0" mt="2" ps="3" borderStartWidth="3px" borderColor="brand.solid">
          <Text fontWeight="medium">{t`Answer`}</Text>
          <Text dir="auto" whiteSpace="pre-wrap" data-testid="clarification-answer">
            {item.answer}
          </Text>
        </Stack>
      )}
      {canAnswer && (
        <form onSubmit={submit} data-testid="answer-form">
          <Field.Root required mt="2">
            <Field.Label>{t`Your answer (published for everyone)`}</Field.Label>
            <Textarea
              name="answer"
              value={answer}
              maxLength={5000}
              onChange={(e) => setAnswer(e.target.value)}
              dir="auto"
            />
          </Field.Root>
          <Button
            type="submit"
            mt="2"
            size="sm"
            colorPalette="brand"
            loading={sending}
            disabled={!answer.trim()}
          >
            {t`Publish answer`}
          </Button>
        </form>
      )}
    </Box>
  );
}
