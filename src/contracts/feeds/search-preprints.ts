import { z } from "@hono/zod-openapi";
import { PREPRINT_CATEGORY_ALIASES, PREPRINT_SORTS, RAW_PREPRINT_CATEGORY } from "../../domain/feed-vocabulary.js";
import type { OperationContract } from "../operation-contract.js";
import { enumParam, intParam } from "../params.js";
import { cachedField, fetchedAtField } from "./feed-envelope.js";

const aliases = [...PREPRINT_CATEGORY_ALIASES.keys()];

const params = z.object({
  query: z.string().trim().min(1, "is required").max(300, "must be at most 300 characters").openapi({ description: "Free text, searched in every field", example: "testing" }),
  category: z
    .string()
    .trim()
    .refine((v) => aliases.includes(v.toLowerCase()) || RAW_PREPRINT_CATEGORY.test(v), `must be one of ${aliases.join(", ")} or an arXiv category code such as cs.AI or q-fin.ST`)
    .transform((v) => (aliases.includes(v.toLowerCase()) ? v.toLowerCase() : v))
    .optional()
    .openapi({
      description: `An alias (${aliases.map((a) => `${a} = ${PREPRINT_CATEGORY_ALIASES.get(a)!.join("|")}`).join("; ")}) or a raw arXiv category code`,
      example: "ai",
    }),
  max_results: intParam({ min: 1, max: 50, default: 10, description: "Papers to return (1 to 50)" }),
  sort_by: enumParam(PREPRINT_SORTS, { default: "submittedDate", description: "Order, newest/best first: submittedDate, relevance or lastUpdatedDate" }),
});

const PaperSchema = z
  .object({
    id: z.string().openapi({ description: "arXiv identifier with version (2202.12139v1)" }),
    title: z.string(),
    summary: z.string().openapi({ description: "The abstract, whitespace collapsed" }),
    authors: z.array(z.string()),
    published: z.string().nullable().openapi({ description: "ISO-8601 time of the first version" }),
    updated: z.string().nullable().openapi({ description: "ISO-8601 time of this version" }),
    primary_category: z.string().nullable(),
    categories: z.array(z.string()),
    abs_url: z.string(),
    pdf_url: z.string().nullable(),
    doi: z.string().nullable(),
    journal_ref: z.string().nullable(),
  })
  .openapi("Preprint");

const response = z
  .object({
    query: z.string(),
    category: z.string().nullable().openapi({ description: "The category or alias asked for; null for any" }),
    sort_by: z.enum(PREPRINT_SORTS),
    count: z.number().int().openapi({ description: "Papers returned (0 when nothing matches)" }),
    papers: z.array(PaperSchema),
    fetched_at: fetchedAtField(),
    cached: cachedField(),
  })
  .openapi("PreprintSearch");

export const searchPreprintsContract: OperationContract<typeof params, typeof response> = {
  operationId: "search_preprints",
  description:
    "Searches arXiv (its Atom API; metadata CC0) for papers matching free text, optionally within a subject. Requests to arXiv are spaced " +
    "at least 3 seconds apart on each node, as arXiv's terms ask, so a busy node answers a new search more slowly; every answer is stored " +
    "for 6 hours per normalised search and served with cached=true when arXiv is unreachable. A search arXiv rejects answers 422 naming " +
    "`query`. The example is arXiv's real answer of 2026-04-12 to `testing` by relevance (10 papers, shortened to the first).",
  params,
  response,
  example: {
    params: { query: "testing", max_results: 10, sort_by: "relevance" },
    response: {
      query: "testing",
      category: null,
      sort_by: "relevance",
      count: 10,
      papers: [
        {
          id: "2202.12139v1",
          title: "Testing Deep Learning Models: A First Comparative Study of Multiple Testing Techniques",
          summary:
            "Deep Learning (DL) has revolutionized the capabilities of vision-based systems (VBS) in critical applications such as autonomous " +
            "driving, robotic surgery, critical infrastructure surveillance, air and maritime traffic control, etc. By analyzing images, voice, " +
            "videos, or any type of complex signals, DL has considerably increased the situation awareness of these systems. At the same time, " +
            "while relying more and more on trained DL models, the reliability and robustness of VBS have been challenged and it has become " +
            "crucial to test thoroughly these models to assess their capabilities and potential errors. To discover faults in DL models, " +
            "existing software testing methods have been adapted and refined accordingly. In this article, we provide an overview of these " +
            "software testing methods, namely differential, metamorphic, mutation, and combinatorial testing, as well as adversarial " +
            "perturbation testing and review some challenges in their deployment for boosting perception systems used in VBS. We also provide a " +
            "first experimental comparative study on a classical benchmark used in VBS and discuss its results.",
          authors: ["Mohit Kumar Ahuja", "Arnaud Gotlieb", "Helge Spieker"],
          published: "2022-02-24T15:05:19Z",
          updated: "2022-02-24T15:05:19Z",
          primary_category: "cs.SE",
          categories: ["cs.SE", "cs.LG"],
          abs_url: "https://arxiv.org/abs/2202.12139v1",
          pdf_url: "https://arxiv.org/pdf/2202.12139v1",
          doi: "10.1109/ICSTW55395.2022.00035",
          journal_ref:
            "Artificial Intelligence in Software Testing @ 2022 IEEE International Conference on Software Testing, Verification and Validation Workshops (ICSTW)",
        },
      ],
      fetched_at: "2026-04-12T22:09:27.000Z",
      cached: true,
    },
  },
  errors: ["UPSTREAM_UNAVAILABLE"],
};
