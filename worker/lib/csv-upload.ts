import type { HonoRequest } from "hono";
import { CsvError, parseCsv } from "@shared/csv";
import { CSV_TEXTS } from "@shared/texts/csv";
import { badRequest, HttpError } from "./http-error";
import { readLimited, UploadTooLarge } from "./upload-bytes";

// The one way a CSV file comes in (lists and memories alike): as the raw body (text/csv, the name in
// ?fileName=) or as multipart/form-data in the field "file"; larger than the feature's limit answers 413
// before the file is parsed; the text is UTF-8 (with or without BOM), else Windows-1252, as Excel on
// Windows saves it, so accented names never come out broken.

// Multipart framing adds a little to the declared length of a file at the limit.
const MULTIPART_SLACK_BYTES = 64 * 1024;

export interface CsvUploadRules {
  maxBytes: number;
  // The feature's own sentence for a file over its limit.
  tooLarge: string;
}

export interface CsvUpload {
  text: string;
  // The bytes as uploaded; `original` is the file in UTF-8 as they are (a BOM kept), else `text` re-encoded.
  original: Uint8Array | string;
  // The file's size as uploaded, in bytes.
  size: number;
  fileName: string | undefined;
}

export function decodeCsv(bytes: ArrayBuffer | Uint8Array): { text: string; utf8: boolean } {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes), utf8: true };
  } catch {
    // Windows-1252 maps every byte, so this never fails.
    return { text: new TextDecoder("windows-1252").decode(bytes), utf8: false };
  }
}

export async function readCsvUpload(req: HonoRequest, rules: CsvUploadRules, fileName?: string): Promise<CsvUpload> {
  const tooLarge = () => new HttpError(413, rules.tooLarge);
  const multipart = (req.header("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");
  const declared = req.header("Content-Length");
  if (declared !== undefined && Number(declared) > rules.maxBytes + (multipart ? MULTIPART_SLACK_BYTES : 0)) throw tooLarge();
  let bytes: Uint8Array;
  if (multipart) {
    const form = await req.parseBody().catch(() => {
      throw badRequest(CSV_TEXTS.missingFile);
    });
    const file = form["file"];
    if (!(file instanceof File)) throw badRequest(CSV_TEXTS.missingFile);
    if (file.size > rules.maxBytes) throw tooLarge();
    bytes = new Uint8Array(await file.arrayBuffer());
    fileName = file.name.slice(0, 200) || fileName;
  } else {
    // The declared length is not trusted (a chunked body has none): the bytes are counted as they come.
    bytes = await readLimited(req.raw.body, rules.maxBytes).catch((err: unknown) => {
      throw err instanceof UploadTooLarge ? tooLarge() : err;
    });
  }
  const { text, utf8 } = decodeCsv(bytes);
  return { text, original: utf8 ? bytes : text, size: bytes.byteLength, fileName };
}

// The rows of an uploaded file, or 400 with the line at fault.
export function parseCsvUpload(text: string) {
  try {
    return parseCsv(text);
  } catch (err) {
    if (err instanceof CsvError) throw badRequest(err.message, { line: err.line });
    throw err;
  }
}
