import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import { EditorState } from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";
import { useEffect, useMemo, useRef, useState } from "react";
import { MAX_ARTICLE_HTML_BYTES, MAX_EMBEDDED_IMAGE_BYTES } from "#core/article-limits.ts";
import { numberFormat } from "#core/intl.ts";
import { useI18n } from "#app/lib/i18n.ts";
import { EditorToolbar } from "./editor-toolbar.tsx";
import { embedImage } from "./embed-image.ts";
import { documentNonce } from "#app/features/admin/style-nonce.ts";
import { editorExtensions } from "./extensions.ts";
import { FieldError } from "#app/features/admin/forms/form-controls.tsx";

export interface RichTextEditorProps {
  /** The id of the editable area; its label gets `${id}-label`. */
  id: string;
  /** Visible label text, already translated. */
  label: string;
  /** The content as HTML; "" when empty. */
  value: string;
  onChange: (html: string) => void;
  /** The content's direction and language (the toolbar follows the page's). */
  dir: "ltr" | "rtl";
  lang: "en" | "ar";
  /** Minimum height of the editable area in pixels (docs/product.md §10: 300 in the article forms). */
  height?: number;
  /** A refusal to show as a destructive toast (an image that is not allowed, too large, unreadable). */
  onError: (message: string) => void;
  /** The server's message for this content, shown under the editor. */
  error?: string;
}

const IMAGE_TYPES = "image/png,image/jpeg,image/gif,image/webp";

function isEmptyParagraphDoc(state: EditorState): boolean {
  const { doc } = state;
  return (
    doc.childCount === 1 && doc.firstChild?.type.name === "paragraph" && doc.firstChild.content.size === 0
  );
}

/** Files pasted or dropped on their own (not the picture a word processor adds beside its HTML). */
function filesOnly(data: DataTransfer | null): File[] {
  if (!data || data.files.length === 0 || data.types.includes("text/html")) return [];
  return [...data.files];
}

/**
 * The rich-text editor of the owner's article forms (TipTap, self-hosted). Loaded only by the admin page,
 * through a lazy import: it never reaches a public page's bundle.
 */
export function RichTextEditor({
  id,
  label,
  value,
  onChange,
  dir,
  lang,
  height = 300,
  onError,
  error,
}: RichTextEditorProps) {
  const { t, language, locale } = useI18n();
  const labelId = `${id}-label`;
  const placeholder = t("editor.placeholder");
  const fileInput = useRef<HTMLInputElement>(null);
  // The HTML this editor last reported or was handed. A `value` equal to it is the echo of our own onChange;
  // any other value is new content from outside (a reset form, a restored draft, another article).
  const knownValue = useRef(value);
  const [initialContent] = useState(value);

  const megabytes = (bytes: number) =>
    t("editor.megabytes", { count: numberFormat(locale).format(bytes / 1024 / 1024) });

  // ProseMirror's paste and drop handlers are set once; they call the latest insertImages (defined below).
  // The toolbar's description box: each image just inserted opens it afresh.
  const [altForm, setAltForm] = useState({ open: false, key: 0 });
  const insertImagesRef = useRef<(files: File[], at?: number) => Promise<void>>(() => Promise.resolve());

  const editorProps = useMemo(
    () => ({
      attributes: (state: EditorState): Record<string, string> => ({
        id,
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(error ? { "aria-invalid": "true", "aria-describedby": `${id}-error` } : {}),
        ...(isEmptyParagraphDoc(state) ? { "aria-placeholder": placeholder } : {}),
        dir,
        lang,
        class: "prose-article px-4 py-1 outline-none",
        style: `min-height: ${height}px`,
      }),
      handlePaste: (_view: EditorView, event: ClipboardEvent) => {
        const files = filesOnly(event.clipboardData);
        if (files.length === 0) return false;
        void insertImagesRef.current(files);
        return true;
      },
      handleDrop: (view: EditorView, event: DragEvent, _slice: unknown, moved: boolean) => {
        const files = moved ? [] : filesOnly(event.dataTransfer);
        if (files.length === 0) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        void insertImagesRef.current(files, at);
        return true;
      },
    }),
    [id, labelId, placeholder, dir, lang, height, error],
  );

  const editor = useEditor({
    extensions: editorExtensions,
    content: initialContent,
    // Created after the first render, in the browser: the same first render on the server and the client.
    immediatelyRender: false,
    // TipTap writes its base styles into the head: allowed by the page's nonce (decision 006).
    injectNonce: documentNonce(),
    editorProps,
    onUpdate: ({ editor: updated }) => {
      // The empty paragraph TipTap keeps after a final image or code block is for the caret, not the article.
      const html = updated.isEmpty ? "" : updated.getHTML().replace(/(<p><\/p>)+$/, "");
      knownValue.current = html;
      onChange(html);
    },
  });

  const insertImages = async (files: File[], at?: number) => {
    for (const file of files) {
      const result = await embedImage(file);
      if (!result.ok) {
        onError(
          result.reason === "too-large"
            ? t("editor.imageTooLarge", { size: megabytes(MAX_EMBEDDED_IMAGE_BYTES) })
            : result.reason === "not-allowed"
              ? t("editor.imageNotAllowed")
              : t("editor.imageUnreadable"),
        );
        continue;
      }
      if (!editor || editor.isDestroyed) return;
      const size = new TextEncoder().encode(editor.getHTML()).length + result.src.length;
      if (size > MAX_ARTICLE_HTML_BYTES) {
        onError(t("editor.articleTooLarge", { size: megabytes(MAX_ARTICLE_HTML_BYTES) }));
        return;
      }
      const chain = editor.chain().focus();
      if (at !== undefined) chain.setTextSelection(at);
      chain.setImage({ src: result.src, alt: "" }).run();
      // Select the new image and ask for its description (docs/product.md §5.12).
      let position: number | null = null;
      editor.state.doc.descendants((node, pos) => {
        if (node.type.name === "image" && node.attrs.src === result.src) position = pos;
      });
      if (position !== null) {
        editor.commands.setNodeSelection(position);
        setAltForm((current) => ({ open: true, key: current.key + 1 }));
      }
    }
  };
  useEffect(() => {
    insertImagesRef.current = insertImages;
  });

  useEffect(() => {
    if (!editor || value === knownValue.current) return;
    knownValue.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
    // A fresh state with the same plugins starts an empty undo history: undo must not bring back the previous
    // article. The empty transaction after it lets the toolbar see that.
    const { state, view } = editor;
    view.updateState(EditorState.create({ doc: state.doc, plugins: state.plugins }));
    view.dispatch(view.state.tr);
  }, [editor, value]);

  const showPlaceholder = useEditorState({
    editor,
    // As in the toolbar: this render's editor, since the snapshot's stays null until the first transaction.
    selector: () => (editor ? isEmptyParagraphDoc(editor.state) : true),
  });

  return (
    <div className="flex flex-col gap-2">
      <span id={labelId} className="text-sm font-medium" onClick={() => editor?.commands.focus()}>
        {label}
      </span>
      <div className="overflow-hidden rounded-lg border border-border bg-background has-[.ProseMirror-focused]:border-primary has-[.ProseMirror-focused]:ring-2 has-[.ProseMirror-focused]:ring-primary/30">
        <EditorToolbar
          editor={editor}
          label={label}
          onInsertImage={() => fileInput.current?.click()}
          altForm={{ ...altForm, setOpen: (open) => setAltForm((current) => ({ ...current, open })) }}
        />
        <div
          className="relative overflow-y-auto [&_.ProseMirror-gapcursor]:after:border-foreground [&_.ProseMirror-selectednode]:outline-2 [&_.ProseMirror-selectednode]:outline-primary"
          style={{ maxHeight: `max(${height}px, 70vh)` }}
        >
          {showPlaceholder ? (
            <div
              aria-hidden="true"
              dir={dir}
              className="prose-article pointer-events-none absolute inset-x-0 top-0 px-4 py-1 text-muted-foreground"
            >
              {/* In the page's language, which may run the other way than the content. */}
              <p>
                <bdi lang={language}>{placeholder}</bdi>
              </p>
            </div>
          ) : null}
          {editor ? <EditorContent editor={editor} /> : <div style={{ minHeight: height }} />}
        </div>
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_TYPES}
          hidden
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            // Cleared so that choosing the same file again is a change too.
            event.target.value = "";
            void insertImages(files);
          }}
        />
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}

export default RichTextEditor;
