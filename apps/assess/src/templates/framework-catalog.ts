import { Injectable } from '@nestjs/common';
import { type Framework, FRAMEWORKS } from '@governance/frameworks';
import { type CompiledFramework, compileFramework } from '../engine';
import { type TemplateResponse } from './template.dto';

export interface CatalogEntry {
  framework: Framework;
  compiled: CompiledFramework;
}

/** A template's id is the framework key itself (`EU_AI_ACT`), the value POST /document takes as `framework`. */
export function toTemplateResponse(framework: Framework): TemplateResponse {
  return {
    id: framework.key,
    key: framework.key,
    name: framework.name,
    version: framework.version,
    control_count: framework.controls.length,
    description: framework.description,
  };
}

/** The frameworks, each compiled once when the service starts rather than on every assessment. */
@Injectable()
export class FrameworkCatalog {
  private readonly entries = new Map<string, CatalogEntry>(
    FRAMEWORKS.map((framework) => [framework.key, { framework, compiled: compileFramework(framework) }]),
  );

  find(key: string): CatalogEntry | undefined {
    return this.entries.get(key);
  }

  templates(): TemplateResponse[] {
    return [...this.entries.values()].map(({ framework }) => toTemplateResponse(framework));
  }
}
