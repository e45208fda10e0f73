import { FileDown } from "lucide-react";
import { useI18n } from "#app/lib/i18n.ts";

/** The "Download CV" link the owner may switch on for the hero and the about page (docs/product.md §32). */
export function DownloadCvLink({ className }: { className: string }) {
  const { t, localPath } = useI18n();
  return (
    <a href={localPath("/cv.pdf")} className={className}>
      <FileDown aria-hidden="true" className="size-5" />
      {t("cv.downloadCv")}
    </a>
  );
}
