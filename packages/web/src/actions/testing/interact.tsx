/** What a test does as a user would: open the action panel, type into a rich-text field. */
import { $createParagraphNode, $createTextNode, $getRoot, type LexicalEditor } from 'lexical';
import { type ActionPanelRef, useActionPanel } from '../ActionPanelProvider.tsx';

/** A button that opens the action panel on `target`, as a page's action menu would. */
export function Opener({ target }: { target: ActionPanelRef }) {
  const panel = useActionPanel();
  return (
    <button type="button" onClick={() => panel.open(target)}>
      Open action
    </button>
  );
}

/**
 * Replaces what a rich-text field holds with one paragraph of `text`, the caret at its end. jsdom has no
 * editing events Lexical understands, so the typing goes in through the editor itself.
 */
export async function typeIntoRichText(element: HTMLElement, text: string): Promise<void> {
  const editor = (element as HTMLElement & { __lexicalEditor?: LexicalEditor }).__lexicalEditor;
  if (editor === undefined) throw new Error('No Lexical editor on the element');
  await new Promise<void>((resolve) =>
    editor.update(
      () => {
        const paragraph = $createParagraphNode().append($createTextNode(text));
        $getRoot().clear().append(paragraph);
        paragraph.selectEnd();
      },
      { onUpdate: resolve },
    ),
  );
}
