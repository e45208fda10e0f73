import { useEditorState, type Editor } from "@tiptap/react";
import {
  Bold,
  Check,
  Heading2,
  Heading3,
  ImagePlus,
  TextCursorInput,
  Italic,
  Link,
  List,
  ListOrdered,
  Pilcrow,
  Redo2,
  SquareCode,
  TextQuote,
  Undo2,
  Unlink,
  X,
  type LucideIcon,
} from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { CODE_LANGUAGES, toCodeLanguage, type CodeLanguage } from "#core/code-languages.ts";
import { useI18n } from "#app/lib/i18n.ts";
import { toLinkHref } from "./link-url.ts";

function selectToolbarState(editor: Editor | null) {
  if (!editor) return null;
  const inCodeBlock = editor.isActive("codeBlock");
  return {
    paragraph: editor.isActive("paragraph"),
    heading2: editor.isActive("heading", { level: 2 }),
    heading3: editor.isActive("heading", { level: 3 }),
    bold: editor.isActive("bold"),
    italic: editor.isActive("italic"),
    bulletList: editor.isActive("bulletList"),
    orderedList: editor.isActive("orderedList"),
    blockquote: editor.isActive("blockquote"),
    link: editor.isActive("link"),
    image: editor.isActive("image"),
    alt: editor.isActive("image") ? String(editor.getAttributes("image").alt ?? "") : "",
    href: editor.isActive("link") ? String(editor.getAttributes("link").href ?? "") : "",
    inCodeBlock,
    // "" for a code block in none of the ten languages.
    codeLanguage: inCodeBlock
      ? (toCodeLanguage(editor.getAttributes("codeBlock").language as string) ?? "")
      : null,
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
  };
}

const BUTTON =
  "inline-flex size-9 shrink-0 items-center justify-center rounded-md text-foreground hover:bg-muted " +
  "aria-pressed:bg-accent aria-pressed:text-primary aria-expanded:bg-accent aria-expanded:text-primary " +
  "aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent";

/**
 * The editor's toolbar (WAI-ARIA toolbar pattern: one tab stop, arrow keys move between the tools, in the
 * reading direction) and, below it, the link form when it is open.
 */
export function EditorToolbar({
  editor,
  label,
  onInsertImage,
  altForm,
}: {
  editor: Editor | null;
  label: string;
  onInsertImage: () => void;
  /** The image description box: open when an image was just inserted; `key` grows with every image. */
  altForm: { open: boolean; key: number; setOpen: (open: boolean) => void };
}) {
  const { t } = useI18n();
  // The editor from this render, not the snapshot's: the snapshot keeps `null` until the first transaction
  // after the editor is created (immediatelyRender: false).
  const state = useEditorState({ editor, selector: () => selectToolbarState(editor) });
  const [current, setCurrent] = useState("paragraph");
  const [nextLanguage, setNextLanguage] = useState<CodeLanguage>(CODE_LANGUAGES[0].id);
  const [linkFormOpen, setLinkFormOpen] = useState(false);
  const linkFormId = useId();
  const altFormOpen = altForm.open;
  const setAltFormOpen = altForm.setOpen;
  const altFormId = useId();
  const ready = editor !== null && state !== null;

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const forward = getComputedStyle(event.currentTarget).direction === "rtl" ? "ArrowLeft" : "ArrowRight";
    const backward = forward === "ArrowLeft" ? "ArrowRight" : "ArrowLeft";
    if (![forward, backward, "Home", "End"].includes(event.key)) return;
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>("[data-tool]")];
    const from = items.findIndex((item) => item === document.activeElement);
    if (from < 0) return;
    event.preventDefault();
    const last = items.length - 1;
    const to =
      event.key === "Home"
        ? 0
        : event.key === "End"
          ? last
          : (from + (event.key === forward ? 1 : -1) + items.length) % items.length;
    items[to]?.focus();
  };

  const tool = (id: string, text: string, Icon: LucideIcon, run: () => void, extra: ToolExtra = {}) => (
    <button
      type="button"
      data-tool={id}
      tabIndex={current === id ? 0 : -1}
      onFocus={() => setCurrent(id)}
      aria-label={text}
      title={text}
      aria-pressed={extra.pressed}
      aria-expanded={extra.expanded}
      aria-controls={extra.controls}
      aria-disabled={!ready || extra.disabled ? true : undefined}
      onClick={() => {
        if (ready && !extra.disabled) run();
      }}
      className={BUTTON}
    >
      <Icon aria-hidden="true" className={`size-4 ${extra.mirrored ? "rtl:-scale-x-100" : ""}`} />
    </button>
  );

  const chain = () => editor!.chain().focus();

  return (
    <>
      <div
        role="toolbar"
        aria-label={t("editor.toolbar", { label })}
        onKeyDown={moveFocus}
        className="flex flex-wrap items-center gap-0.5 border-b border-border bg-muted/40 p-1"
      >
        {tool("paragraph", t("editor.paragraph"), Pilcrow, () => chain().setParagraph().run(), {
          pressed: state?.paragraph ?? false,
        })}
        {tool("heading2", t("editor.heading2"), Heading2, () => chain().toggleHeading({ level: 2 }).run(), {
          pressed: state?.heading2 ?? false,
        })}
        {tool("heading3", t("editor.heading3"), Heading3, () => chain().toggleHeading({ level: 3 }).run(), {
          pressed: state?.heading3 ?? false,
        })}
        <Separator />
        {tool("bold", t("editor.bold"), Bold, () => chain().toggleBold().run(), {
          pressed: state?.bold ?? false,
        })}
        {tool("italic", t("editor.italic"), Italic, () => chain().toggleItalic().run(), {
          pressed: state?.italic ?? false,
        })}
        <Separator />
        {tool("bulletList", t("editor.bulletList"), List, () => chain().toggleBulletList().run(), {
          pressed: state?.bulletList ?? false,
          mirrored: true,
        })}
        {tool("orderedList", t("editor.orderedList"), ListOrdered, () => chain().toggleOrderedList().run(), {
          pressed: state?.orderedList ?? false,
          mirrored: true,
        })}
        {tool("blockquote", t("editor.blockquote"), TextQuote, () => chain().toggleBlockquote().run(), {
          pressed: state?.blockquote ?? false,
          mirrored: true,
        })}
        <Separator />
        {tool("link", t("editor.link"), Link, () => setLinkFormOpen((open) => !open), {
          expanded: linkFormOpen,
          controls: linkFormOpen ? linkFormId : undefined,
        })}
        {tool(
          "codeBlock",
          t("editor.codeBlock"),
          SquareCode,
          () => chain().toggleCodeBlock({ language: nextLanguage }).run(),
          { pressed: state?.inCodeBlock ?? false },
        )}
        <select
          data-tool="codeLanguage"
          tabIndex={current === "codeLanguage" ? 0 : -1}
          onFocus={() => setCurrent("codeLanguage")}
          aria-label={t("editor.codeLanguage")}
          title={t("editor.codeLanguage")}
          disabled={!ready}
          dir="ltr"
          value={state?.codeLanguage ?? nextLanguage}
          onChange={(event) => {
            const language = toCodeLanguage(event.target.value);
            if (!language) return;
            setNextLanguage(language);
            // No focus change here: arrow keys on a closed select change its value at every press.
            if (state?.inCodeBlock) editor?.commands.updateAttributes("codeBlock", { language });
          }}
          className="h-9 rounded-md border border-border bg-background px-2 text-sm text-foreground disabled:opacity-40"
        >
          {state?.codeLanguage === "" ? (
            <option value="" disabled>
              {t("editor.codeLanguageNone")}
            </option>
          ) : null}
          {CODE_LANGUAGES.map((language) => (
            <option key={language.id} value={language.id}>
              {language.label}
            </option>
          ))}
        </select>
        {tool("image", t("editor.image"), ImagePlus, onInsertImage)}
        {state?.image
          ? tool("imageAlt", t("editor.imageAlt"), TextCursorInput, () => setAltFormOpen(!altFormOpen), {
              expanded: altFormOpen,
              controls: altFormOpen ? altFormId : undefined,
            })
          : null}
        <Separator />
        {tool("undo", t("editor.undo"), Undo2, () => chain().undo().run(), {
          disabled: !state?.canUndo,
          mirrored: true,
        })}
        {tool("redo", t("editor.redo"), Redo2, () => chain().redo().run(), {
          disabled: !state?.canRedo,
          mirrored: true,
        })}
      </div>
      {linkFormOpen && editor ? (
        <LinkForm
          id={linkFormId}
          editor={editor}
          initialHref={state?.href ?? ""}
          isLink={state?.link ?? false}
          onClose={() => setLinkFormOpen(false)}
        />
      ) : null}
      {altFormOpen && editor && state?.image ? (
        <AltForm
          key={altForm.key}
          id={altFormId}
          editor={editor}
          initialAlt={state.alt}
          onClose={() => setAltFormOpen(false)}
        />
      ) : null}
    </>
  );
}

interface ToolExtra {
  pressed?: boolean;
  expanded?: boolean;
  controls?: string;
  disabled?: boolean;
  /** Icons that point along the line mirror in right-to-left (docs/architecture.md "Right-to-left"). */
  mirrored?: boolean;
}

function Separator() {
  return <span aria-hidden="true" className="mx-1 h-6 w-px bg-border" />;
}

/**
 * Sets, changes or removes the link at the selection. Not a <form>: the editor sits inside the article form,
 * so Enter here must apply the link rather than submit the article.
 */
function LinkForm({
  id,
  editor,
  initialHref,
  isLink,
  onClose,
}: {
  id: string;
  editor: Editor;
  initialHref: string;
  isLink: boolean;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const [address, setAddress] = useState(initialHref);
  const [invalid, setInvalid] = useState(false);
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);

  const close = () => {
    onClose();
    editor.commands.focus();
  };

  const apply = () => {
    const href = toLinkHref(address);
    if (!href) {
      setInvalid(true);
      input.current?.focus();
      return;
    }
    if (editor.state.selection.empty && !editor.isActive("link")) {
      // Nothing selected: the address itself becomes the link's text.
      editor
        .chain()
        .focus()
        .insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] })
        .run();
    } else {
      editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
    }
    onClose();
  };

  const remove = () => {
    editor.chain().focus().extendMarkRange("link").unsetLink().run();
    onClose();
  };

  return (
    <div id={id} className="flex flex-wrap items-start gap-2 border-b border-border bg-muted/40 p-2">
      <label htmlFor={inputId} className="self-center text-sm font-medium">
        {t("editor.linkAddress")}
      </label>
      <div className="flex min-w-48 flex-1 flex-col gap-1">
        <input
          ref={input}
          id={inputId}
          // The form opens on a click or a key press that asked for it.
          autoFocus
          type="text"
          inputMode="url"
          // Escape closes this box, not the dialog around the editor (components/ui/dialog.tsx).
          data-keeps-escape=""
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          value={address}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => {
            setAddress(event.target.value);
            setInvalid(false);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              apply();
            } else if (event.key === "Escape") {
              event.preventDefault();
              close();
            }
          }}
          className="h-9 w-full rounded-md border border-border bg-background px-2 text-start text-sm aria-invalid:border-destructive"
        />
        {invalid ? (
          <p id={errorId} className="text-sm text-destructive dark:text-red-400">
            {t("editor.linkInvalid")}
          </p>
        ) : null}
      </div>
      <FormButton label={t("editor.linkApply")} onClick={apply}>
        <Check aria-hidden="true" className="size-4" />
      </FormButton>
      {isLink ? (
        <FormButton label={t("editor.linkRemove")} onClick={remove}>
          <Unlink aria-hidden="true" className="size-4" />
        </FormButton>
      ) : null}
      <FormButton label={t("editor.linkCancel")} onClick={close}>
        <X aria-hidden="true" className="size-4" />
      </FormButton>
    </div>
  );
}

/** The selected image's description (its `alt`), for people who cannot see it. Not a <form>, as above. */
function AltForm({
  id,
  editor,
  initialAlt,
  onClose,
}: {
  id: string;
  editor: Editor;
  initialAlt: string;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const [alt, setAlt] = useState(initialAlt);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  // After the editor's own focus, which it takes one frame after an image is inserted.
  useEffect(() => {
    const frame = requestAnimationFrame(() => input.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  const close = () => {
    onClose();
    editor.commands.focus();
  };
  const apply = () => {
    editor.chain().focus().updateAttributes("image", { alt: alt.trim() }).run();
    onClose();
  };

  return (
    <div id={id} className="flex flex-wrap items-center gap-2 border-b border-border bg-muted/40 p-2">
      <label htmlFor={inputId} className="text-sm font-medium">
        {t("editor.imageAlt")}
      </label>
      <input
        ref={input}
        id={inputId}
        type="text"
        data-keeps-escape=""
        dir="auto"
        maxLength={300}
        value={alt}
        onChange={(event) => setAlt(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            apply();
          } else if (event.key === "Escape") {
            event.preventDefault();
            close();
          }
        }}
        className="h-9 min-w-48 flex-1 rounded-md border border-border bg-background px-2 text-sm"
      />
      <FormButton label={t("editor.imageAltApply")} onClick={apply}>
        <Check aria-hidden="true" className="size-4" />
      </FormButton>
      <FormButton label={t("editor.imageAltCancel")} onClick={close}>
        <X aria-hidden="true" className="size-4" />
      </FormButton>
    </div>
  );
}

function FormButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" aria-label={label} title={label} onClick={onClick} className={BUTTON}>
      {children}
    </button>
  );
}
