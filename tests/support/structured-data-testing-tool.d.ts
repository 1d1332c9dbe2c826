/** The little of structured-data-testing-tool's API the suite uses (the package ships no types). */
declare module "structured-data-testing-tool" {
  type Result = {
    schemas: string[];
    passed: unknown[];
    failed: { group?: string; groups?: string[]; test: string; error?: { message: string } }[];
    warnings: unknown[];
  };
  const sdtt: {
    structuredDataTest(
      input: string | Buffer,
      options: { presets?: object[]; schemas?: string[] },
    ): Promise<Result>;
  };
  export default sdtt;
}

declare module "structured-data-testing-tool/presets.js" {
  const presets: { Google: { name: string; description: string; presets?: object[] } };
  export default presets;
}
