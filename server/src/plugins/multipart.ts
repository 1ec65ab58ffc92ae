import fastifyMultipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';

import {
  audioCallMessages,
  audioMessages,
  MAX_STORED_AUDIO_BYTES,
  type Multipart,
  type UploadedFile,
} from '@portal/contract';

import { ApiError, detailError, frameworkErrors } from './errors.ts';

/**
 * Limits of an upload, enforced by the parser as the body streams in: a file larger than the
 * largest audio the server stores is cut off there (413), never read whole into memory.
 */
export const UPLOAD_LIMITS = {
  fileSize: MAX_STORED_AUDIO_BYTES,
  files: 1,
  fields: 8,
  parts: 12,
  fieldNameSize: 100,
  // A JSON field (audio-data) with the longest text, every character escaped, fits.
  fieldSize: 16 * 1024,
  headerPairs: 20,
} as const;

export const multipartMessages = {
  notMultipart: 'Send the upload as multipart/form-data, with the audio file in its form field.',
  unreadable: 'The upload could not be read as multipart/form-data. Send the form again.',
  oneFile: 'Send one audio file at a time.',
  tooManyFields: 'The form has too many fields.',
  fieldName: 'The form has a field name that is not allowed.',
  fieldTooLong: 'This field is too long.',
  notJson: (field: string) => `The form field "${field}" must be JSON text.`,
  notText: (field: string) => `The form field "${field}" must be text.`,
} as const;

/** Registers the multipart parser in `scope`: only the upload routes, registered there, read multipart bodies. */
export async function registerMultipart(scope: FastifyInstance) {
  await scope.register(fastifyMultipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
  // A body of a type no parser reads (XML, say) is told to come as a form, not as JSON.
  scope.setErrorHandler((error: FastifyError, request, reply) =>
    error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
      ? reply.code(415).send({ detail: multipartMessages.notMultipart })
      : frameworkErrors(error, request, reply),
  );
}

/** A parser error as the answer it deserves: a client's malformed or oversized form is never a 500. */
function uploadError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  switch ((error as { code?: unknown } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return detailError(413, audioMessages.storedTooLarge);
    case 'FST_FILES_LIMIT':
      return detailError(400, multipartMessages.oneFile);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return detailError(400, multipartMessages.tooManyFields);
    case 'FST_PROTO_VIOLATION':
      return detailError(400, multipartMessages.fieldName);
    default:
      // Busboy's own errors (no boundary, a part cut short, malformed headers) and a body closed early.
      return detailError(400, multipartMessages.unreadable);
  }
}

/**
 * Reads a multipart body into the object the endpoint's body schema validates: the file
 * (name, type, bytes) under its field, and each declared text field ('json' ones parsed).
 * Undeclared text fields are left out; a file under another field is refused. A body that is
 * not multipart reads as an empty form, so validation names the missing file.
 */
export async function readMultipart(request: FastifyRequest, spec: Multipart): Promise<Record<string, unknown>> {
  const form: Record<string, unknown> = {};
  if (!request.isMultipart()) return form;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== spec.file) {
          part.file.resume();
          throw new ApiError(400, { [spec.file]: [audioCallMessages.fileMissing(spec.file)] });
        }
        const file: UploadedFile = { filename: part.filename, mimetype: part.mimetype, bytes: await part.toBuffer() };
        form[spec.file] = file;
        continue;
      }
      const kind = spec.fields && Object.hasOwn(spec.fields, part.fieldname) ? spec.fields[part.fieldname] : undefined;
      if (!kind) continue;
      const name = part.fieldname;
      if (part.valueTruncated) throw new ApiError(400, { [name]: [multipartMessages.fieldTooLong] });
      // A part sent with Content-Type application/json arrives parsed already.
      if (typeof part.value !== 'string') {
        if (kind === 'json') form[name] = part.value;
        else throw new ApiError(400, { [name]: [multipartMessages.notText(name)] });
        continue;
      }
      if (kind === 'text') {
        form[name] = part.value;
        continue;
      }
      try {
        form[name] = JSON.parse(part.value) as unknown;
      } catch {
        throw new ApiError(400, { [name]: [multipartMessages.notJson(name)] });
      }
    }
  } catch (error) {
    throw uploadError(error);
  }
  return form;
}
