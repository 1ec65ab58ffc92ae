/** zod schemas of the call-flow document (shared with contract/) and its TypeScript types. */
import * as z from 'zod/mini';

import { MAX_NAME_LENGTH } from './constants.ts';
import { DIAL_KEYS, NODE_SPECS, NODE_TYPES, RING_PATTERNS, type Arg, type NodeType } from './node-types.ts';
import { DAYS, isIsoDate, OPENING_HOURS_PRESETS, type HolidayPeriod, type OpeningHours } from './opening-hours.ts';

/** A node of a flow: type, name, args (each with type and value) and children. */
export interface FlowNode {
  id: string;
  type: NodeType;
  name: string;
  args: Record<string, Arg>;
  children: FlowNode[];
}

/** A custom call flow: id (null until saved), name, enable and data, the tree rooted at main_number. */
export interface CallFlow {
  id: string | null;
  name: string;
  enable: boolean;
  data: FlowNode;
}

const SHORT_TEXT = 200;
const LIST_MAX = 100;

/** A slot HH:MM to HH:MM; the format is checked by validation, so a half-typed time can be saved as a draft. */
export const TimeSlotSchema = z.object({
  from: z.string().check(z.maxLength(5)),
  to: z.string().check(z.maxLength(5)),
});

/** Opening hours: preset and slots per day. */
export const OpeningHoursSchema: z.ZodMiniType<OpeningHours> = z.object({
  preset: z.enum(OPENING_HOURS_PRESETS),
  days: z.partialRecord(z.enum(DAYS), z.array(TimeSlotSchema).check(z.maxLength(24))),
});

const IsoDateSchema = z.string().check(z.refine(isIsoDate, { message: 'Expected a date YYYY-MM-DD' }));

/** One holiday period, start_date..end_date inclusive. */
export const HolidayPeriodSchema: z.ZodMiniType<HolidayPeriod> = z
  .object({ start_date: IsoDateSchema, end_date: IsoDateSchema })
  .check(
    z.refine((p) => p.start_date <= p.end_date, {
      message: 'end_date must not be before start_date',
      path: ['end_date'],
    }),
  );

/** The holiday schedule: a list of periods. */
export const HolidayScheduleSchema = z.array(HolidayPeriodSchema);

const text = z.string().check(z.maxLength(SHORT_TEXT));
const list = z.array(text).check(z.maxLength(LIST_MAX));

/** Value schema of each arg type. */
export const ARG_VALUE_SCHEMAS = {
  text: z.string().check(z.maxLength(MAX_NAME_LENGTH)),
  extension: text,
  extensions: list,
  phone_number: text,
  phone_numbers: list,
  audio_file: text,
  ring_pattern: z.enum(RING_PATTERNS),
  milliseconds: z.int().check(z.nonnegative(), z.maximum(86_400_000)),
  integer: z.int().check(z.minimum(-1_000_000), z.maximum(1_000_000)),
  boolean: z.boolean(),
  calendar: text,
  business_hours: OpeningHoursSchema,
  dial_key: z.enum(DIAL_KEYS),
  action_type: text,
  voicemail_box: text,
} as const;

/** An arg: its type and a value of that type. */
export const ArgSchema: z.ZodMiniType<Arg> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), value: ARG_VALUE_SCHEMAS.text }),
  z.object({ type: z.literal('extension'), value: ARG_VALUE_SCHEMAS.extension }),
  z.object({ type: z.literal('extensions'), value: ARG_VALUE_SCHEMAS.extensions }),
  z.object({ type: z.literal('phone_number'), value: ARG_VALUE_SCHEMAS.phone_number }),
  z.object({ type: z.literal('phone_numbers'), value: ARG_VALUE_SCHEMAS.phone_numbers }),
  z.object({ type: z.literal('audio_file'), value: ARG_VALUE_SCHEMAS.audio_file }),
  z.object({ type: z.literal('ring_pattern'), value: ARG_VALUE_SCHEMAS.ring_pattern }),
  z.object({ type: z.literal('milliseconds'), value: ARG_VALUE_SCHEMAS.milliseconds }),
  z.object({ type: z.literal('integer'), value: ARG_VALUE_SCHEMAS.integer }),
  z.object({ type: z.literal('boolean'), value: ARG_VALUE_SCHEMAS.boolean }),
  z.object({ type: z.literal('calendar'), value: ARG_VALUE_SCHEMAS.calendar }),
  z.object({ type: z.literal('business_hours'), value: OpeningHoursSchema }),
  z.object({ type: z.literal('dial_key'), value: ARG_VALUE_SCHEMAS.dial_key }),
  z.object({ type: z.literal('action_type'), value: ARG_VALUE_SCHEMAS.action_type }),
  z.object({ type: z.literal('voicemail_box'), value: ARG_VALUE_SCHEMAS.voicemail_box }),
]);

/** A node and its subtree; args must be known to the node's type and of the type the node table gives them. */
export const FlowNodeSchema: z.ZodMiniType<FlowNode> = z.lazy(() =>
  z
    .object({
      id: z.string().check(z.minLength(1), z.maxLength(SHORT_TEXT)),
      type: z.enum(NODE_TYPES),
      name: z.string().check(z.maxLength(MAX_NAME_LENGTH)),
      args: z.record(z.string(), ArgSchema),
      children: z.array(FlowNodeSchema),
    })
    .check(
      z.superRefine((node, ctx) => {
        const specs = NODE_SPECS[node.type].args;
        for (const [argName, arg] of Object.entries(node.args)) {
          const argSpec = specs[argName];
          if (!argSpec) {
            ctx.addIssue({
              code: 'custom',
              path: ['args', argName],
              message: `A ${node.type} node has no arg '${argName}'`,
            });
          } else if (argSpec.type !== arg.type) {
            ctx.addIssue({
              code: 'custom',
              path: ['args', argName, 'type'],
              message: `Arg '${argName}' of a ${node.type} node must be of type ${argSpec.type}`,
            });
          }
        }
      }),
    ),
);

/** A custom call flow document (shape and args only; see CallFlowDocumentSchema for the tree's structure too). */
export const CallFlowSchema: z.ZodMiniType<CallFlow> = z.object({
  id: z.nullable(z.string().check(z.minLength(1), z.maxLength(SHORT_TEXT))),
  name: z.string().check(z.maxLength(MAX_NAME_LENGTH)),
  enable: z.boolean(),
  data: FlowNodeSchema,
});
