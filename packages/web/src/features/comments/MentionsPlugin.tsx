import type { MentionCandidate, SubjectRef } from '@curlew/domain';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import {
  LexicalTypeaheadMenuPlugin,
  MenuOption,
  type MenuTextMatch,
} from '@lexical/react/LexicalTypeaheadMenuPlugin';
import { Paper, Text } from '@mantine/core';
import { $createTextNode, $insertNodes, type TextNode } from 'lexical';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useMentionCandidates } from './commentsApi.ts';
import { $createMentionNode } from './MentionNode.ts';

/** '@' at the start or after a space or bracket, then up to 40 characters of the name typed so far. */
const MENTION_TRIGGER = /(^|[\s(])@([^\s@]{0,40})$/;

/** Where an '@mention' being typed starts, or null when the text before the cursor is not one. */
export const mentionMatch = (text: string): MenuTextMatch | null => {
  const match = MENTION_TRIGGER.exec(text);
  if (!match) return null;
  const lead = match[1] ?? '';
  const typed = match[2] ?? '';
  return { leadOffset: match.index + lead.length, matchingString: typed, replaceableString: `@${typed}` };
};

class MentionOption extends MenuOption {
  constructor(readonly candidate: MentionCandidate) {
    super(candidate.id);
  }
}

/** Replaces the typed '@name' with a mention of the chosen user, followed by a space. */
export function $replaceWithMention(typed: TextNode | null, candidate: MentionCandidate): void {
  const mention = $createMentionNode(candidate.id, candidate.displayName);
  if (typed) typed.replace(mention);
  else $insertNodes([mention]);
  const space = $createTextNode(' ');
  mention.insertAfter(space);
  space.select(1, 1);
}

/** The '@' typeahead of the comment editor: offers the users who may see the subject and inserts mentions. */
export function MentionsPlugin({ subject }: { subject: SubjectRef }) {
  const [editor] = useLexicalComposerContext();
  const [query, setQuery] = useState<string | null>(null);
  const candidates = useMentionCandidates(subject, query);
  const options = useMemo(
    () => (candidates.data ?? []).map((candidate) => new MentionOption(candidate)),
    [candidates.data],
  );
  const triggerFn = useCallback((text: string) => mentionMatch(text), []);
  // Lexical attaches the menu's anchor to this element; inside the editor's dialog or the page's main landmark
  // it stays reachable to assistive technology (an anchor left on <body> sits outside every landmark and outside
  // a modal dialog).
  const [menuParent, setMenuParent] = useState<HTMLElement | null>(null);
  useEffect(
    () =>
      editor.registerRootListener((root) =>
        setMenuParent(root ? (root.closest<HTMLElement>('[role="dialog"], main') ?? document.body) : null),
      ),
    [editor],
  );
  const onSelectOption = useCallback(
    (option: MentionOption, typed: TextNode | null, closeMenu: () => void) => {
      editor.update(() => {
        $replaceWithMention(typed, option.candidate);
        closeMenu();
      });
    },
    [editor],
  );

  if (menuParent === null) return null;
  return (
    <LexicalTypeaheadMenuPlugin<MentionOption>
      parent={menuParent}
      onQueryChange={setQuery}
      onSelectOption={onSelectOption}
      triggerFn={triggerFn}
      options={options}
      menuRenderFn={(anchor, { selectedIndex, selectOptionAndCleanUp, setHighlightedIndex }) =>
        anchor.current !== null && options.length > 0
          ? createPortal(
              <Paper shadow="md" withBorder p={4} miw={220} style={{ position: 'relative', zIndex: 400 }}>
                <div
                  role="listbox"
                  aria-label="Mention someone"
                  style={{ listStyle: 'none', margin: 0, padding: 0 }}
                >
                  {options.map((option, index) => (
                    <div
                      key={option.key}
                      ref={option.setRefElement}
                      role="option"
                      aria-selected={selectedIndex === index}
                      tabIndex={-1}
                      onMouseEnter={() => setHighlightedIndex(index)}
                      onMouseDown={(event) => {
                        event.preventDefault();
                        setHighlightedIndex(index);
                        selectOptionAndCleanUp(option);
                      }}
                      style={{
                        padding: '4px 8px',
                        cursor: 'pointer',
                        borderRadius: 4,
                        background:
                          selectedIndex === index ? 'var(--mantine-color-default-hover)' : undefined,
                      }}
                    >
                      <Text size="sm" fw={600} span>
                        {option.candidate.displayName}
                      </Text>
                      {option.candidate.organisationName !== null && (
                        <Text size="xs" c="dimmed" span ml={6}>
                          {option.candidate.organisationName}
                        </Text>
                      )}
                    </div>
                  ))}
                </div>
              </Paper>,
              anchor.current,
            )
          : null
      }
    />
  );
}
