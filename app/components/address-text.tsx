import { Fragment } from "react";

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]/;

/**
 * An address as a person reads it (docs/product.md §27): its path reads left to right, as a browser shows it, and
 * each segment written in Arabic reads right to left in its own isolate, so that neither turns the other around.
 */
export function AddressText({ address }: { address: string }) {
  const segments = address.split("/");
  return (
    <bdi dir="ltr">
      {segments.map((segment, index) => (
        <Fragment key={index}>
          {index > 0 ? "/" : null}
          {ARABIC.test(segment) ? (
            <bdi dir="rtl" lang="ar">
              {segment}
            </bdi>
          ) : (
            segment
          )}
        </Fragment>
      ))}
    </bdi>
  );
}
