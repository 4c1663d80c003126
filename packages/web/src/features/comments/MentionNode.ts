import {
  $applyNodeReplacement,
  type EditorConfig,
  type LexicalNode,
  type NodeKey,
  type SerializedTextNode,
  type Spread,
  TextNode,
} from 'lexical';

/** A mention as stored: the text shown ('@Sam Supplier') and the id of the user it notifies. */
export type SerializedMentionNode = Spread<{ type: 'mention'; userId: string }, SerializedTextNode>;

/** A mention of a user in a comment: an indivisible '@Name' token carrying the user's id. */
export class MentionNode extends TextNode {
  __userId: string;

  static override getType(): string {
    return 'mention';
  }

  static override clone(node: MentionNode): MentionNode {
    return new MentionNode(node.__userId, node.__text, node.__key);
  }

  static override importJSON(serialized: SerializedMentionNode): MentionNode {
    return $createMentionNode(serialized.userId, serialized.text).updateFromJSON(serialized);
  }

  constructor(userId: string, text: string, key?: NodeKey) {
    super(text, key);
    this.__userId = userId;
  }

  /** The id of the mentioned user. */
  getUserId(): string {
    return this.getLatest().__userId;
  }

  override exportJSON(): SerializedMentionNode {
    return { ...super.exportJSON(), type: 'mention', userId: this.getUserId() };
  }

  override createDOM(config: EditorConfig): HTMLElement {
    const dom = super.createDOM(config);
    dom.dataset.mention = 'true';
    dom.style.fontWeight = '600';
    return dom;
  }

  override isTextEntity(): true {
    return true;
  }

  override canInsertTextBefore(): boolean {
    return false;
  }

  override canInsertTextAfter(): boolean {
    return false;
  }
}

/** A mention node for a user: '@' and the display name, as one token. */
export function $createMentionNode(userId: string, displayName: string): MentionNode {
  const text = displayName.startsWith('@') ? displayName : `@${displayName}`;
  const node = new MentionNode(userId, text);
  node.setMode('token').toggleDirectionless();
  return $applyNodeReplacement(node);
}

/** Whether a node is a mention. */
export function $isMentionNode(node: LexicalNode | null | undefined): node is MentionNode {
  return node instanceof MentionNode;
}
