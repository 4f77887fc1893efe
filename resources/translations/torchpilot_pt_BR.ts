<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR" sourcelanguage="en">
<context>
    <name>AlertText</name>
    <message>
        <source>no progress</source>
        <translation>sem progresso</translation>
    </message>
    <message>
        <source>checkpoint late</source>
        <translation>checkpoint atrasado</translation>
    </message>
    <message>
        <source>quality drop</source>
        <translation>queda de qualidade</translation>
    </message>
    <message>
        <source>target unavailable</source>
        <translation>destino indisponível</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>crítico</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>aviso</translation>
    </message>
    <message>
        <source>no output for %1 s (alert after %2 s)</source>
        <translation>nenhuma saída há %1 s (alerta após %2 s)</translation>
    </message>
    <message>
        <source>%1 steps since the last checkpoint; one is due every %2 steps</source>
        <translation>%1 passos desde o último checkpoint; um é devido a cada %2 passos</translation>
    </message>
    <message>
        <source>no checkpoint for %1 s; they came every %2 s</source>
        <translation>nenhum checkpoint há %1 s; eles vinham a cada %2 s</translation>
    </message>
    <message>
        <source>samples/s %1 vs %2 in run #%3 (%4 %)</source>
        <translation>amostras/s %1 contra %2 na execução nº %3 (%4 %)</translation>
    </message>
    <message>
        <source>final loss %1 vs %2 in run #%3 (%4 %)</source>
        <translation>loss final %1 contra %2 na execução nº %3 (%4 %)</translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message>
        <source>SQLite database file (default: %1).</source>
        <translation>Arquivo do banco de dados SQLite (padrão: %1).</translation>
    </message>
    <message>
        <source>path</source>
        <translation>caminho</translation>
    </message>
    <message>
        <source>torchpilot: error: %1</source>
        <translation>torchpilot: erro: %1</translation>
    </message>
    <message>
        <source>Workload (default mlp).</source>
        <translation>Carga de trabalho (padrão: mlp).</translation>
    </message>
    <message>
        <source>name</source>
        <translation>nome</translation>
    </message>
    <message>
        <source>Modes, comma separated; one process each (default eager,compiled).</source>
        <translation>Modos, separados por vírgula; um processo para cada (padrão: eager,compiled).</translation>
    </message>
    <message>
        <source>list</source>
        <translation>lista</translation>
    </message>
    <message>
        <source>Dtypes, comma separated (default float32,bfloat16).</source>
        <translation>Dtypes, separados por vírgula (padrão: float32,bfloat16).</translation>
    </message>
    <message>
        <source>Minimum warmup iterations (default 20, or the preset&apos;s).</source>
        <translation>Mínimo de iterações de aquecimento (padrão: 20, ou o do preset).</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Minimum steady-state iterations (default 500, or the preset&apos;s).</source>
        <translation>Mínimo de iterações em regime estável (padrão: 500, ou o do preset).</translation>
    </message>
    <message>
        <source>Protocol preset of the runner: smoke, standard, loadgen.</source>
        <translation>Preset de protocolo do runner: smoke, standard, loadgen.</translation>
    </message>
    <message>
        <source>Shape catalog JSON; every case is measured.</source>
        <translation>Catálogo de formatos em JSON; todos os casos são medidos.</translation>
    </message>
    <message>
        <source>file</source>
        <translation>arquivo</translation>
    </message>
    <message>
        <source>Sequence length (encoder workloads).</source>
        <translation>Comprimento da sequência (cargas de trabalho encoder).</translation>
    </message>
    <message>
        <source>Seconds after which a run ends with status timeout.</source>
        <translation>Segundos após os quais uma execução termina com status timeout.</translation>
    </message>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>Training: report the time to reach this loss.</source>
        <translation>Treino: informa o tempo até atingir esta loss.</translation>
    </message>
    <message>
        <source>x</source>
        <translation>x</translation>
    </message>
    <message>
        <source>TorchScript file (workload torchscript).</source>
        <translation>Arquivo TorchScript (carga de trabalho torchscript).</translation>
    </message>
    <message>
        <source>TorchScript inputs, e.g. float32[64,128].</source>
        <translation>Entradas do TorchScript, p. ex. float32[64,128].</translation>
    </message>
    <message>
        <source>spec</source>
        <translation>espec</translation>
    </message>
    <message>
        <source>Intra-op threads.</source>
        <translation>Threads intra-op.</translation>
    </message>
    <message>
        <source>Batch size.</source>
        <translation>Tamanho do lote.</translation>
    </message>
    <message>
        <source>Prefix of the run keys (default pilot-&lt;time&gt;).</source>
        <translation>Prefixo das chaves de execução (padrão: pilot-&lt;hora&gt;).</translation>
    </message>
    <message>
        <source>key</source>
        <translation>chave</translation>
    </message>
    <message>
        <source>torchpilot: error: --%1 must be a positive integer</source>
        <translation>torchpilot: erro: --%1 deve ser um inteiro positivo</translation>
    </message>
    <message>
        <source>%1: ok — steady %2/batch (p50 %3, p99 %4), %5 samples/s, first call %6 [run %7]</source>
        <translation>%1: ok — regime estável %2/lote (p50 %3, p99 %4), %5 amostras/s, primeira chamada %6 [execução %7]</translation>
    </message>
    <message>
        <source>%1: %2 — %3%4</source>
        <translation>%1: %2 — %3%4</translation>
    </message>
    <message>
        <source> [run %1]</source>
        <translation> [execução %1]</translation>
    </message>
    <message>
        <source>Import run streams (.jsonl) or smoke.py results into the database.</source>
        <translation>Importa fluxos de execução (.jsonl) ou resultados do smoke.py para o banco de dados.</translation>
    </message>
    <message>
        <source>Files to import.</source>
        <translation>Arquivos a importar.</translation>
    </message>
    <message>
        <source>FILE…</source>
        <translation>ARQUIVO…</translation>
    </message>
    <message>
        <source>torchpilot: error: import needs at least one FILE</source>
        <translation>torchpilot: erro: import precisa de pelo menos um ARQUIVO</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n run(s), %2 new sample(s), %3 already stored</source>
        <translation>
            <numerusform>%1: %n execução, %2 amostra(s) nova(s), %3 já armazenada(s)</numerusform>
            <numerusform>%1: %n execuções, %2 amostra(s) nova(s), %3 já armazenada(s)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: warning: %2</source>
        <translation>%1: aviso: %2</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) stored in %1</source>
        <translation>
            <numerusform>%n execução armazenada em %1</numerusform>
            <numerusform>%n execuções armazenadas em %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Run benchmark processes (one per mode and dtype) and store them.</source>
        <translation>Roda processos de benchmark (um por modo e dtype) e os armazena.</translation>
    </message>
    <message>
        <source>Path of torchpilot-runner (on the target host for a remote target).</source>
        <translation>Caminho do torchpilot-runner (no host de destino, para um destino remoto).</translation>
    </message>
    <message>
        <source>Where to run: local (default) or a target profile&apos;s name.</source>
        <translation>Onde executar: local (padrão) ou o nome de um perfil de destino.</translation>
    </message>
    <message>
        <source>Target profiles file (default: %1).</source>
        <translation>Arquivo de perfis de destino (padrão: %1).</translation>
    </message>
    <message>
        <source>no target named &apos;%1&apos; in %2 (see &apos;torchpilot targets --list&apos;)</source>
        <translation>nenhum destino chamado &apos;%1&apos; em %2 (veja &apos;torchpilot targets --list&apos;)</translation>
    </message>
    <message>
        <source>Kubernetes target: print the Jobs as YAML and submit nothing.</source>
        <translation>Destino Kubernetes: imprime os Jobs em YAML e não submete nada.</translation>
    </message>
    <message>
        <source>torchpilot: error: --print-job needs a Kubernetes target</source>
        <translation>torchpilot: erro: --print-job exige um destino Kubernetes</translation>
    </message>
    <message numerus="yes">
        <source>%1: merged %n new run(s) (%2 already here) with %3 sample(s); %4 new pilot(s), %5 new decision(s) (%6 already here)</source>
        <translation>
            <numerusform>%1: %n execução nova mesclada (%2 já estavam aqui) com %3 amostras; %4 pilotos novos, %5 decisões novas (%6 já estavam aqui)</numerusform>
            <numerusform>%1: %n execuções novas mescladas (%2 já estavam aqui) com %3 amostras; %4 pilotos novos, %5 decisões novas (%6 já estavam aqui)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n pilot(s) have the same name as one here but another definition: ours were kept</source>
        <translation>
            <numerusform>%1: %n piloto tem o mesmo nome de um daqui, mas outra definição: o nosso foi mantido</numerusform>
            <numerusform>%1: %n pilotos têm o mesmo nome de pilotos daqui, mas outra definição: os nossos foram mantidos</numerusform>
        </translation>
    </message>
    <message>
        <source>Training: data-parallel ranks, one process each on loopback (default 1).</source>
        <translation>Treino: ranks de paralelismo de dados, um processo cada em loopback (padrão: 1).</translation>
    </message>
    <message>
        <source>Training: exactly this many steps.</source>
        <translation>Treino: exatamente esta quantidade de passos.</translation>
    </message>
    <message>
        <source>%1: %2 — %3</source>
        <translation>%1: %2 — %3</translation>
    </message>
    <message>
        <source>%1: refused: %2</source>
        <translation>%1: recusado: %2</translation>
    </message>
</context>
<context>
    <name>Compare</name>
    <message>
        <source>torchpilot: error: %1</source>
        <translation type="vanished">torchpilot: erro: %1</translation>
    </message>
    <message>
        <source>better</source>
        <translation>melhor</translation>
    </message>
    <message>
        <source>worse</source>
        <translation>pior</translation>
    </message>
    <message>
        <source>inconclusive</source>
        <translation>inconclusivo</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>sem dados</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nenhuma</translation>
    </message>
    <message>
        <source>Baseline: %1 (%2 steady samples)</source>
        <translation>Base: %1 (%2 amostras estáveis)</translation>
    </message>
    <message>
        <source>Candidate: %1 (%2 steady samples)</source>
        <translation>Candidato: %1 (%2 amostras estáveis)</translation>
    </message>
    <message>
        <source>metric</source>
        <translation>métrica</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>base</translation>
    </message>
    <message>
        <source>candidate</source>
        <translation>candidato</translation>
    </message>
    <message>
        <source>ratio</source>
        <translation>razão</translation>
    </message>
    <message>
        <source>%1 % interval</source>
        <translation>intervalo de %1 %</translation>
    </message>
    <message>
        <source>verdict</source>
        <translation>veredito</translation>
    </message>
    <message>
        <source>Confounders:</source>
        <translation>Fatores de confusão:</translation>
    </message>
    <message>
        <source>mixed within a side</source>
        <translation>misturado dentro de um lado</translation>
    </message>
    <message>
        <source>allowed: %1</source>
        <translation>permitido: %1</translation>
    </message>
    <message>
        <source>differs (the compared axis)</source>
        <translation>difere (o eixo comparado)</translation>
    </message>
    <message>
        <source>DIFFERS</source>
        <translation>DIFERE</translation>
    </message>
    <message>
        <source>same</source>
        <translation>igual</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>desconhecido</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>aviso: %1</translation>
    </message>
    <message>
        <source>Not like for like: see the confounders.</source>
        <translation>Comparação desigual: veja os fatores de confusão.</translation>
    </message>
    <message>
        <source>Like for like: only the compared axis differs.</source>
        <translation>Comparação justa: só o eixo comparado difere.</translation>
    </message>
    <message>
        <source>Compare baseline and candidate runs: candidate/baseline ratios of the mean, median and p99 batch time and of samples/s, with percentile-bootstrap intervals and the confounder list, as on the Compare page. A selection is key=value[,key=value…] over workload, mode, dtype, device, target, runner, batch, status (default ok, &apos;any&apos; for all) and run (an id or a range such as run=7-9). Exit status 0; 1 when --fail-if-slower or --fail-if-confounded trips; 2 bad input or nothing to compare.</source>
        <translation>Compara execuções de base e candidatas: razões candidato/base do tempo médio, mediano e p99 por lote e de amostras/s, com intervalos bootstrap de percentis e a lista de fatores de confusão, como na página Comparar. Uma seleção é chave=valor[,chave=valor…] sobre workload, mode, dtype, device, target, runner, batch, status (padrão ok, &apos;any&apos; para todas) e run (um id ou um intervalo como run=7-9). Status de saída 0; 1 quando --fail-if-slower ou --fail-if-confounded dispara; 2 entrada inválida ou nada a comparar.</translation>
    </message>
    <message>
        <source>SQLite database file.</source>
        <translation>Arquivo do banco de dados SQLite.</translation>
    </message>
    <message>
        <source>path</source>
        <translation>caminho</translation>
    </message>
    <message>
        <source>The baseline runs.</source>
        <translation>As execuções de base.</translation>
    </message>
    <message>
        <source>selection</source>
        <translation>seleção</translation>
    </message>
    <message>
        <source>The candidate runs.</source>
        <translation>As execuções candidatas.</translation>
    </message>
    <message>
        <source>Report only this metric, and the one --fail-if-slower tests: mean, median, p99 or throughput (default: all four reported, mean tested).</source>
        <translation>Relata só esta métrica, e a que --fail-if-slower testa: mean, median, p99 ou throughput (padrão: as quatro relatadas, mean testada).</translation>
    </message>
    <message>
        <source>text, json, csv or markdown (default text).</source>
        <translation>text, json, csv ou markdown (padrão text).</translation>
    </message>
    <message>
        <source>format</source>
        <translation>formato</translation>
    </message>
    <message>
        <source>Exit 1 when the candidate is slower than the baseline by more than PCT percent even at the end of the interval most favourable to it.</source>
        <translation>Sai com 1 quando o candidato é mais lento que a base em mais de PCT por cento mesmo na ponta do intervalo mais favorável a ele.</translation>
    </message>
    <message>
        <source>PCT</source>
        <translation>PCT</translation>
    </message>
    <message>
        <source>Exit 1 when a factor other than the compared one differs.</source>
        <translation>Sai com 1 quando difere um fator além do comparado.</translation>
    </message>
    <message>
        <source>The factor compared on purpose (mode, dtype, device, …; default: the one key the two selections differ in).</source>
        <translation>O fator comparado de propósito (mode, dtype, device, …; padrão: a única chave em que as duas seleções diferem).</translation>
    </message>
    <message>
        <source>factor</source>
        <translation>fator</translation>
    </message>
    <message>
        <source>Only the newest matching run of each side.</source>
        <translation>Só a execução mais recente de cada lado que corresponde.</translation>
    </message>
    <message>
        <source>compare needs --db PATH --baseline SELECTION --candidate SELECTION</source>
        <translation>compare precisa de --db CAMINHO --baseline SELEÇÃO --candidate SELEÇÃO</translation>
    </message>
    <message>
        <source>unknown format &apos;%1&apos; (text, json, csv or markdown)</source>
        <translation>formato desconhecido &apos;%1&apos; (text, json, csv ou markdown)</translation>
    </message>
    <message>
        <source>unknown metric &apos;%1&apos; (mean, median, p99 or throughput)</source>
        <translation>métrica desconhecida &apos;%1&apos; (mean, median, p99 ou throughput)</translation>
    </message>
    <message>
        <source>--fail-if-slower needs a percentage ≥ 0, not &apos;%1&apos;</source>
        <translation>--fail-if-slower precisa de uma porcentagem ≥ 0, não &apos;%1&apos;</translation>
    </message>
    <message>
        <source>no database at &apos;%1&apos; (the file does not exist)</source>
        <translation>nenhum banco de dados em &apos;%1&apos; (o arquivo não existe)</translation>
    </message>
    <message>
        <source>unknown factor &apos;%1&apos; for --axis</source>
        <translation>fator desconhecido &apos;%1&apos; para --axis</translation>
    </message>
    <message>
        <source>no run matches the %1 selection &apos;%2&apos;</source>
        <translation>nenhuma execução corresponde à seleção %1 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>no %1 figures to test --fail-if-slower against</source>
        <translation>sem valores de %1 para testar --fail-if-slower</translation>
    </message>
    <message>
        <source>compare: FAIL: the candidate is %1 % slower (%2), more than the %3 % allowed</source>
        <translation>compare: FALHA: o candidato é %1 % mais lento (%2), mais que os %3 % permitidos</translation>
    </message>
    <message>
        <source>compare: pass: %1 slowdown %2 % (at most %3 % allowed)</source>
        <translation>compare: aprovado: lentidão de %1 de %2 % (no máximo %3 % permitidos)</translation>
    </message>
    <message>
        <source>compare: FAIL: not like for like (a factor other than the compared one differs)</source>
        <translation>compare: FALHA: comparação desigual (difere um fator além do comparado)</translation>
    </message>
    <message>
        <source>Throughput within the SLO (server scenario, p99 &lt;= %1 s):</source>
        <translation>Vazão dentro do SLO (cenário server, p99 &lt;= %1 s):</translation>
    </message>
    <message>
        <source>  %1: no server-scenario run</source>
        <translation>  %1: nenhuma execução no cenário server</translation>
    </message>
    <message>
        <source>  %1: %2 probes, none within the SLO</source>
        <translation>  %1: %2 sondas, nenhuma dentro do SLO</translation>
    </message>
    <message>
        <source>  %1: peak %2%3 QPS (run %4; %5 probes)</source>
        <translation>  %1: pico %2%3 QPS (execução %4; %5 sondas)</translation>
    </message>
    <message>
        <source>no single-stream runs to test against (the selections hold server-scenario runs only)</source>
        <translation>nenhuma execução single-stream para testar (as seleções só têm execuções no cenário server)</translation>
    </message>
</context>
<context>
    <name>DbCmd</name>
    <message>
        <source>torchpilot: error: %1</source>
        <translation type="vanished">torchpilot: erro: %1</translation>
    </message>
    <message>
        <source>Maintain a database. &apos;compact&apos;: rewrite its samples in chunks of 4096 and give the freed space back (VACUUM); lossless, and safe to interrupt.</source>
        <translation>Mantém um banco de dados. &apos;compact&apos;: regrava as amostras em blocos de 4096 e devolve o espaço liberado (VACUUM); sem perdas, e seguro de interromper.</translation>
    </message>
    <message>
        <source>The TorchPilot database.</source>
        <translation>O banco de dados do TorchPilot.</translation>
    </message>
    <message>
        <source>path</source>
        <translation>caminho</translation>
    </message>
    <message>
        <source>compact</source>
        <translation>compact</translation>
    </message>
    <message>
        <source>db needs one action: compact</source>
        <translation>db precisa de uma ação: compact</translation>
    </message>
    <message>
        <source>db compact needs --db PATH</source>
        <translation>db compact precisa de --db CAMINHO</translation>
    </message>
    <message>
        <source>no database at &apos;%1&apos; (the file does not exist)</source>
        <translation>nenhum banco de dados em &apos;%1&apos; (o arquivo não existe)</translation>
    </message>
    <message>
        <source>%1: %2 sample chunk(s) became %3; the file went from %4 to %5 bytes.</source>
        <translation>%1: %2 bloco(s) de amostras viraram %3; o arquivo passou de %4 para %5 bytes.</translation>
    </message>
</context>
<context>
    <name>Export</name>
    <message>
        <source>torchpilot: error: %1</source>
        <translation type="vanished">torchpilot: erro: %1</translation>
    </message>
    <message>
        <source>Export runs with their figures and validity and precision verdicts (and their samples with --samples) as CSV or JSON.</source>
        <translation>Exporta execuções com seus números e veredictos de validade e de precisão (e suas amostras, com --samples) em CSV ou JSON.</translation>
    </message>
    <message>
        <source>The TorchPilot database to read.</source>
        <translation>O banco de dados do TorchPilot a ler.</translation>
    </message>
    <message>
        <source>path</source>
        <translation>caminho</translation>
    </message>
    <message>
        <source>Runs to export: ids and ranges (3,7-9) and/or filters (mode=compiled,dtype=bfloat16; keys workload, mode, dtype, device, status, target, runner, batch, from, before). Default: every run.</source>
        <translation>Execuções a exportar: ids e intervalos (3,7-9) e/ou filtros (mode=compiled,dtype=bfloat16; chaves workload, mode, dtype, device, status, target, runner, batch, from, before). Padrão: todas as execuções.</translation>
    </message>
    <message>
        <source>selection</source>
        <translation>seleção</translation>
    </message>
    <message>
        <source>csv or json (default csv).</source>
        <translation>csv ou json (padrão csv).</translation>
    </message>
    <message>
        <source>format</source>
        <translation>formato</translation>
    </message>
    <message>
        <source>Also the samples: in JSON under each run; in CSV instead of the runs, one row per sample (run_id, execution_key, phase, seq, seconds).</source>
        <translation>Também as amostras: em JSON, dentro de cada execução; em CSV, no lugar das execuções, uma linha por amostra (run_id, execution_key, phase, seq, seconds).</translation>
    </message>
    <message>
        <source>Write to this file (default: standard output).</source>
        <translation>Grava neste arquivo (padrão: saída padrão).</translation>
    </message>
    <message>
        <source>file</source>
        <translation>arquivo</translation>
    </message>
    <message>
        <source>export needs --db PATH</source>
        <translation>export precisa de --db CAMINHO</translation>
    </message>
    <message>
        <source>unknown format &apos;%1&apos; (csv or json)</source>
        <translation>formato desconhecido &apos;%1&apos; (csv ou json)</translation>
    </message>
    <message>
        <source>no database at &apos;%1&apos; (the file does not exist)</source>
        <translation>nenhum banco de dados em &apos;%1&apos; (o arquivo não existe)</translation>
    </message>
    <message>
        <source>cannot write &apos;%1&apos;: %2</source>
        <translation type="vanished">não foi possível gravar &apos;%1&apos;: %2</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) exported to %1</source>
        <translation>
            <numerusform>%n execução exportada para %1</numerusform>
            <numerusform>%n execuções exportadas para %1</numerusform>
        </translation>
    </message>
    <message>
        <source>CSV: instead of the runs, one row per top operator of each profiled run (runner option --profile-steps); JSON always has each run&apos;s profile.</source>
        <translation>CSV: em vez das execuções, uma linha por operador principal de cada execução com perfil (opção do runner --profile-steps); o JSON sempre traz o perfil de cada execução.</translation>
    </message>
</context>
<context>
    <name>FaultTest</name>
    <message>
        <source>the runner timed out before step %1</source>
        <translation>o runner excedeu o tempo limite antes do passo %1</translation>
    </message>
    <message>
        <source>the runner ended (exit code %1) before step %2 could be interrupted: %3</source>
        <translation>o runner terminou (código de saída %1) antes que o passo %2 pudesse ser interrompido: %3</translation>
    </message>
    <message>
        <source>the resumed runner failed (exit code %1): %2</source>
        <translation>o runner retomado falhou (código de saída %1): %2</translation>
    </message>
    <message>
        <source>the resumed runner loaded step %1, after the last step %2 the killed one reported</source>
        <translation>o runner retomado carregou o passo %1, posterior ao último passo (%2) informado pelo runner encerrado</translation>
    </message>
    <message>
        <source>the resumed runner did not continue at step %1</source>
        <translation>o runner retomado não continuou no passo %1</translation>
    </message>
    <message>
        <source>the recovered run has %1 of %2 steps</source>
        <translation>a execução recuperada tem %1 de %2 passos</translation>
    </message>
    <message>
        <source>%1 of %2 losses differ from the uninterrupted run (max |Δ| %3)</source>
        <translation>%1 de %2 valores de loss diferem dos da execução sem interrupção (|Δ| máx. %3)</translation>
    </message>
    <message>
        <source>torchpilot: error: %1</source>
        <translation>torchpilot: erro: %1</translation>
    </message>
    <message>
        <source>--%1 must be an integer of at least %2, got &apos;%3&apos;</source>
        <translation>--%1 deve ser um inteiro maior ou igual a %2, recebido &apos;%3&apos;</translation>
    </message>
    <message>
        <source>--checkpoint-every %1 leaves no step to interrupt after the first checkpoint: use at most --steps − 2 (%2)</source>
        <translation>--checkpoint-every %1 não deixa nenhum passo para interromper após o primeiro checkpoint: use no máximo --steps − 2 (%2)</translation>
    </message>
    <message>
        <source>--workload must be train-mlp or train-encoder, got &apos;%1&apos;</source>
        <translation>--workload deve ser train-mlp ou train-encoder, recebido &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--mode must be eager or compiled, got &apos;%1&apos;</source>
        <translation>--mode deve ser eager ou compiled, recebido &apos;%1&apos;</translation>
    </message>
    <message>
        <source>runner &apos;%1&apos; is not an executable file (use --runner PATH)</source>
        <translation>o runner &apos;%1&apos; não é um arquivo executável (use --runner CAMINHO)</translation>
    </message>
    <message>
        <source>trial %1: %2</source>
        <translation>ensaio %1: %2</translation>
    </message>
    <message>
        <source>recovery not verified</source>
        <translation>recuperação não verificada</translation>
    </message>
    <message>
        <source>  trial %1: %2</source>
        <translation>  ensaio %1: %2</translation>
    </message>
    <message>
        <source>  trial %1: killed after step %2 (target %3), resumed from the checkpoint of step %4: RPO %5 steps, RTO %6 s; %7</source>
        <translation>  ensaio %1: encerrado após o passo %2 (alvo %3), retomado do checkpoint do passo %4: RPO %5 passos, RTO %6 s; %7</translation>
    </message>
    <message>
        <source>all %1 compared losses bitwise equal to the uninterrupted run</source>
        <translation>todos os %1 valores de loss comparados são idênticos bit a bit aos da execução sem interrupção</translation>
    </message>
    <message>
        <source>Recovery test: kill a checkpointing training worker at a random step, resume it from its newest complete checkpoint, verify the losses equal an uninterrupted run bitwise, and store RPO/RTO as a run of workload &apos;faulttest&apos;. Exit 0 verified, 1 not verified, 2 bad input.</source>
        <translation>Teste de recuperação: encerra um worker de treino que grava checkpoints em um passo aleatório, retoma-o do checkpoint completo mais recente, verifica se os valores de loss são idênticos bit a bit aos de uma execução sem interrupção e armazena o RPO/RTO como uma execução da carga de trabalho &apos;faulttest&apos;. Sai com 0 se verificada, 1 se não verificada, 2 com entrada inválida.</translation>
    </message>
    <message>
        <source>SQLite database file (default: %1).</source>
        <translation>Arquivo do banco de dados SQLite (padrão: %1).</translation>
    </message>
    <message>
        <source>path</source>
        <translation>caminho</translation>
    </message>
    <message>
        <source>Training workload: train-mlp (default) or train-encoder.</source>
        <translation>Carga de trabalho de treino: train-mlp (padrão) ou train-encoder.</translation>
    </message>
    <message>
        <source>name</source>
        <translation>nome</translation>
    </message>
    <message>
        <source>Execution mode: compiled (default, the candidate path) or eager.</source>
        <translation>Modo de execução: compiled (padrão, o caminho candidato) ou eager.</translation>
    </message>
    <message>
        <source>mode</source>
        <translation>modo</translation>
    </message>
    <message>
        <source>Training steps of the whole run (default 200).</source>
        <translation>Passos de treino da execução inteira (padrão: 200).</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Steps between checkpoints (default 20).</source>
        <translation>Passos entre checkpoints (padrão: 20).</translation>
    </message>
    <message>
        <source>Seed of the training and of the kill steps (default 42).</source>
        <translation>Semente do treino e dos passos de encerramento (padrão: 42).</translation>
    </message>
    <message>
        <source>Kill/resume trials (default 1).</source>
        <translation>Ensaios de encerramento/retomada (padrão: 1).</translation>
    </message>
    <message>
        <source>Batch size (default 64).</source>
        <translation>Tamanho do lote (padrão: 64).</translation>
    </message>
    <message>
        <source>Sequence length of train-encoder (default 32).</source>
        <translation>Comprimento da sequência do train-encoder (padrão: 32).</translation>
    </message>
    <message>
        <source>Run key (default faulttest/&lt;workload&gt;/&lt;mode&gt;).</source>
        <translation>Chave da execução (padrão: faulttest/&lt;carga&gt;/&lt;modo&gt;).</translation>
    </message>
    <message>
        <source>key</source>
        <translation>chave</translation>
    </message>
    <message>
        <source>torchpilot: error: faulttest takes no positional argument</source>
        <translation>torchpilot: erro: faulttest não aceita argumentos posicionais</translation>
    </message>
    <message>
        <source>torchpilot: error: cannot create a temporary directory: %1</source>
        <translation type="vanished">torchpilot: erro: não foi possível criar um diretório temporário: %1</translation>
    </message>
    <message>
        <source>torchpilot: error: the uninterrupted reference run failed (exit code %1): %2</source>
        <translation type="vanished">torchpilot: erro: a execução de referência sem interrupção falhou (código de saída %1): %2</translation>
    </message>
    <message>
        <source>  reference: %1 steps uninterrupted, final loss %2</source>
        <translation>  referência: %1 passos sem interrupção, loss final %2</translation>
    </message>
    <message>
        <source>  checkpoints: %1 written, %2 bytes each, %3 ms mean, %4 ms max</source>
        <translation>  checkpoints: %1 gravados, %2 bytes cada, média de %3 ms, máximo de %4 ms</translation>
    </message>
    <message>
        <source>recovery verified: RPO ≤ %1 steps, RTO ≤ %2 s over %3 trial(s) [run %4]</source>
        <translation>recuperação verificada: RPO ≤ %1 passos, RTO ≤ %2 s em %3 ensaio(s) [execução %4]</translation>
    </message>
    <message>
        <source>recovery NOT verified: RPO %1 steps, RTO %2 s over %3 trial(s) [run %4]</source>
        <translation>recuperação NÃO verificada: RPO %1 passos, RTO %2 s em %3 ensaio(s) [execução %4]</translation>
    </message>
    <message>
        <source>--runner-kind must be cpp or python, got &apos;%1&apos;</source>
        <translation>--runner-kind deve ser cpp ou python, recebido &apos;%1&apos;</translation>
    </message>
    <message>
        <source>Python runner &apos;%1&apos; is not a file (use --runner PATH to torchpilot_runner.py)</source>
        <translation>O runner Python &apos;%1&apos; não é um arquivo (use --runner CAMINHO para torchpilot_runner.py)</translation>
    </message>
    <message>
        <source>Python interpreter &apos;%1&apos; is not an executable file (use --python PATH)</source>
        <translation>O interpretador Python &apos;%1&apos; não é um arquivo executável (use --python CAMINHO)</translation>
    </message>
    <message>
        <source>the Python runner path &apos;%1&apos; must not start with &apos;-&apos;</source>
        <translation>o caminho do runner Python &apos;%1&apos; não pode começar com &apos;-&apos;</translation>
    </message>
    <message>
        <source>Path of torchpilot-runner, or of torchpilot_runner.py for --runner-kind python.</source>
        <translation>Caminho do torchpilot-runner, ou do torchpilot_runner.py com --runner-kind python.</translation>
    </message>
    <message>
        <source>Runner to test: cpp (torchpilot-runner, default) or python.</source>
        <translation>Runner a testar: cpp (torchpilot-runner, padrão) ou python.</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>tipo</translation>
    </message>
    <message>
        <source>Interpreter of the Python runner (default /usr/bin/python3).</source>
        <translation>Interpretador do runner Python (padrão /usr/bin/python3).</translation>
    </message>
    <message>
        <source>faulttest %1 (%2, %3 steps, a checkpoint every %4, seed %5, %6 trial(s), %7 runner)</source>
        <translation>faulttest %1 (%2, %3 passos, um checkpoint a cada %4, semente %5, %6 tentativa(s), runner %7)</translation>
    </message>
    <message>
        <source>rank %1 ended (exit code %2) before step %3 could be interrupted: %4</source>
        <translation>o rank %1 terminou (código de saída %2) antes que o passo %3 pudesse ser interrompido: %4</translation>
    </message>
    <message>
        <source>rank %1 did not stop within %2 s of the kill</source>
        <translation>o rank %1 não parou em até %2 s após o encerramento forçado</translation>
    </message>
    <message>
        <source>rank %1 did not report the lost rank (exit code %2)</source>
        <translation>o rank %1 não relatou o rank perdido (código de saída %2)</translation>
    </message>
    <message>
        <source>a resumed rank failed (exit code %1): %2</source>
        <translation>um rank retomado falhou (código de saída %1): %2</translation>
    </message>
    <message>
        <source>the resumed ranks loaded different checkpoints</source>
        <translation>os ranks retomados carregaram checkpoints diferentes</translation>
    </message>
    <message>
        <source>rank %1&apos;s recovered run has %2 of %3 steps</source>
        <translation>a execução recuperada do rank %1 tem %2 de %3 passos</translation>
    </message>
    <message>
        <source>the resumed group loaded step %1, after the last step %2 the killed rank reported</source>
        <translation>o grupo retomado carregou o passo %1, posterior ao último passo (%2) informado pelo rank encerrado</translation>
    </message>
    <message>
        <source>%1 of %2 losses differ from the uninterrupted group (max |Δ| %3)</source>
        <translation>%1 de %2 valores de loss diferem dos do grupo sem interrupção (|Δ| máx. %3)</translation>
    </message>
    <message>
        <source>--world-size %1: at most 64 ranks on one machine</source>
        <translation>--world-size %1: no máximo 64 ranks em uma máquina</translation>
    </message>
    <message>
        <source>  trial %1: rank %2 of %3 killed; the others stopped after %4 s</source>
        <translation>  ensaio %1: rank %2 de %3 encerrado; os demais pararam após %4 s</translation>
    </message>
    <message>
        <source>Data-parallel ranks on loopback (default 1); &gt; 1 kills one rank at a seeded step, the others must stop within the collective timeout.</source>
        <translation>Ranks de paralelismo de dados em loopback (padrão: 1); &gt; 1 encerra um rank em um passo sorteado pela semente, e os demais devem parar dentro do timeout da operação coletiva.</translation>
    </message>
    <message>
        <source>Collective timeout of the ranks in seconds (default 10).</source>
        <translation>Timeout das operações coletivas dos ranks, em segundos (padrão: 10).</translation>
    </message>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>  %1 ranks: the lost rank was detected by every other rank within %2 s (bound %3 s: the collective timeout + 10 s)</source>
        <translation>  %1 ranks: o rank perdido foi detectado por todos os demais em até %2 s (limite de %3 s: o timeout da operação coletiva + 10 s)</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>cancelado</translation>
    </message>
    <message>
        <source>cannot create a temporary directory: %1</source>
        <translation>não foi possível criar um diretório temporário: %1</translation>
    </message>
    <message>
        <source>the uninterrupted reference run failed (exit code %1): %2</source>
        <translation>a execução de referência sem interrupção falhou (código de saída %1): %2</translation>
    </message>
    <message>
        <source>the fault test needs at least 3 steps and positive sizes</source>
        <translation>o teste de falha precisa de pelo menos 3 passos e de tamanhos positivos</translation>
    </message>
</context>
<context>
    <name>Fmt</name>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>µs</source>
        <translation>µs</translation>
    </message>
    <message>
        <source>ns</source>
        <translation>ns</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>falhou</translation>
    </message>
    <message>
        <source>timeout</source>
        <translation>tempo esgotado</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>cancelada</translation>
    </message>
    <message>
        <source>running</source>
        <translation>em execução</translation>
    </message>
    <message>
        <source>incomplete</source>
        <translation>incompleta</translation>
    </message>
</context>
<context>
    <name>Gates</name>
    <message>
        <source>Evaluate the five approval gates. Exit status 0 only when the decision is &apos;migrate&apos;; 1 keep or inconclusive; 2 bad input.</source>
        <translation>Avalia os cinco portões de aprovação. Status de saída 0 só quando a decisão é &apos;migrar&apos;; 1 manter ou inconclusivo; 2 entrada inválida.</translation>
    </message>
    <message>
        <source>SQLite database file.</source>
        <translation>Arquivo do banco de dados SQLite.</translation>
    </message>
    <message>
        <source>path</source>
        <translation>caminho</translation>
    </message>
    <message>
        <source>Print the whole report as JSON.</source>
        <translation>Imprime o relatório completo em JSON.</translation>
    </message>
    <message>
        <source>Gate definitions JSON (default: the shipped one).</source>
        <translation>JSON com as definições dos portões (padrão: o que acompanha o programa).</translation>
    </message>
    <message>
        <source>file</source>
        <translation>arquivo</translation>
    </message>
    <message>
        <source>Cost presets JSON (default: the shipped examples).</source>
        <translation>JSON com os presets de custo (padrão: os exemplos que acompanham o programa).</translation>
    </message>
    <message>
        <source>name</source>
        <translation>nome</translation>
    </message>
    <message>
        <source>text</source>
        <translation>texto</translation>
    </message>
    <message>
        <source>torchpilot: error: %1</source>
        <translation>torchpilot: erro: %1</translation>
    </message>
    <message>
        <source> [runs %1]</source>
        <translation> [execuções %1]</translation>
    </message>
    <message numerus="yes">
        <source>Runs excluded as invalid evidence: %n</source>
        <translation>
            <numerusform>Execuções excluídas como evidência inválida: %n</numerusform>
            <numerusform>Execuções excluídas como evidência inválida: %n</numerusform>
        </translation>
    </message>
    <message>
        <source>Decision: %1</source>
        <translation>Decisão: %1</translation>
    </message>
    <message>
        <source>pass</source>
        <comment>gate verdict</comment>
        <translation>aprovado</translation>
    </message>
    <message>
        <source>fail</source>
        <comment>gate verdict</comment>
        <translation>reprovado</translation>
    </message>
    <message>
        <source>insufficient</source>
        <comment>gate verdict</comment>
        <translation>insuficiente</translation>
    </message>
    <message>
        <source>migrate</source>
        <comment>gate decision</comment>
        <translation>migrar</translation>
    </message>
    <message>
        <source>keep</source>
        <comment>gate decision: keep the current path</comment>
        <translation>manter o caminho atual</translation>
    </message>
    <message>
        <source>inconclusive</source>
        <comment>gate decision</comment>
        <translation>inconclusivo</translation>
    </message>
    <message>
        <source>Cost preset of the current path (default: the one stored with torchpilot review).</source>
        <translation>Preset de custo do caminho atual (padrão: o armazenado com torchpilot review).</translation>
    </message>
    <message>
        <source>Cost preset of the candidate (default: the one stored with torchpilot review).</source>
        <translation>Preset de custo do candidato (padrão: o armazenado com torchpilot review).</translation>
    </message>
    <message>
        <source>The rollback path a reviewer recorded (default: the one stored with torchpilot review).</source>
        <translation>O caminho de rollback registrado por um revisor (padrão: o armazenado com torchpilot review).</translation>
    </message>
    <message>
        <source>Pilot to evaluate (default: the database&apos;s selected pilot; see &apos;torchpilot pilots --list&apos;).</source>
        <translation>Piloto a avaliar (padrão: o piloto selecionado do banco de dados; veja &apos;torchpilot pilots --list&apos;).</translation>
    </message>
    <message>
        <source>Pilot %1 (version %2): %3 vs %4</source>
        <translation>Piloto %1 (versão %2): %3 vs %4</translation>
    </message>
</context>
<context>
    <name>Gui</name>
    <message>
        <source>torchpilot: error: %1</source>
        <translation>torchpilot: erro: %1</translation>
    </message>
    <message>
        <source>TorchPilot</source>
        <translation>TorchPilot</translation>
    </message>
    <message>
        <source>torchpilot: error: unknown page &apos;%1&apos; (pages: %2)</source>
        <translation>torchpilot: erro: página desconhecida &apos;%1&apos; (páginas: %2)</translation>
    </message>
    <message>
        <source>torchpilot: error: cannot write screenshot &apos;%1&apos;</source>
        <translation type="vanished">torchpilot: erro: não foi possível gravar a captura de tela &apos;%1&apos;</translation>
    </message>
    <message>
        <source>screenshot written to %1</source>
        <translation>captura de tela gravada em %1</translation>
    </message>
    <message>
        <source>the window could not be rendered</source>
        <translation>a janela não pôde ser renderizada</translation>
    </message>
    <message>
        <source>torchpilot: error: cannot write screenshot &apos;%1&apos;: %2</source>
        <translation>torchpilot: erro: não foi possível gravar a captura de tela &apos;%1&apos;: %2</translation>
    </message>
</context>
<context>
    <name>LatencyChart</name>
    <message>
        <source>%1 — no steady-state samples stored</source>
        <translation type="vanished">%1 — nenhuma amostra de regime estável armazenada</translation>
    </message>
</context>
<context>
    <name>LaunchRequest</name>
    <message>
        <source>Choose at least one mode.</source>
        <translation>Escolha pelo menos um modo.</translation>
    </message>
    <message>
        <source>Choose at least one dtype.</source>
        <translation>Escolha pelo menos um dtype.</translation>
    </message>
    <message>
        <source>The TorchScript workload needs an existing model file.</source>
        <translation>A carga de trabalho TorchScript precisa de um arquivo de modelo existente.</translation>
    </message>
    <message>
        <source>Model inputs must look like float32[64,128] (several separated by &apos;;&apos;).</source>
        <translation>As entradas do modelo devem ter a forma float32[64,128] (várias, separadas por &apos;;&apos;).</translation>
    </message>
    <message>
        <source>The shape catalog file does not exist.</source>
        <translation>O arquivo do catálogo de formatos não existe.</translation>
    </message>
    <message>
        <source>Custom protocol: at least 1 steady iteration, no negative minimums.</source>
        <translation>Protocolo personalizado: pelo menos 1 iteração em regime estável, sem mínimos negativos.</translation>
    </message>
    <message>
        <source>Batch, sequence length and threads must be at least 1.</source>
        <translation>Lote, comprimento da sequência e threads devem ser pelo menos 1.</translation>
    </message>
    <message>
        <source>The run key prefix may use letters, digits and . _ : @ / + - only (at most 120).</source>
        <translation>O prefixo da chave de execução só pode usar letras, dígitos e . _ : @ / + - (no máximo 120).</translation>
    </message>
    <message>
        <source>The TorchScript workload needs the model&apos;s path on the target host.</source>
        <translation>A carga de trabalho TorchScript precisa do caminho do modelo no host de destino.</translation>
    </message>
    <message>
        <source>Data-parallel ranks need a training workload.</source>
        <translation>Ranks de paralelismo de dados exigem uma carga de treino.</translation>
    </message>
    <message>
        <source>Data-parallel ranks run on this machine only; a Kubernetes target&apos;s ranks come from its TPU topology.</source>
        <translation>Ranks de paralelismo de dados rodam só nesta máquina; os ranks de um destino Kubernetes vêm da topologia de TPU dele.</translation>
    </message>
    <message>
        <source>Ranks must be between 1 and 64.</source>
        <translation>O número de ranks deve estar entre 1 e 64.</translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <source>SQLite database file.</source>
        <translation>Arquivo do banco de dados SQLite.</translation>
    </message>
    <message>
        <source>path</source>
        <translation>caminho</translation>
    </message>
    <message>
        <source>Render the main window to a PNG and exit.</source>
        <translation>Renderiza a janela principal em um PNG e sai.</translation>
    </message>
    <message>
        <source>file</source>
        <translation>arquivo</translation>
    </message>
    <message>
        <source>name</source>
        <translation>nome</translation>
    </message>
    <message>
        <source>Page to show first: runs, queue, panels, compare, charts, review; review/cost or review/pilot for a tab of the Review page.</source>
        <translation type="vanished">Página exibida primeiro: runs, queue, panels, compare, charts, review; review/cost ou review/pilot para uma aba da página Revisão.</translation>
    </message>
    <message>
        <source>Print the versions of TorchPilot, Qt, libtorch, SQLite and the run contract.</source>
        <translation>Mostra as versões do TorchPilot, Qt, libtorch, SQLite e do contrato de execução.</translation>
    </message>
    <message>
        <source>A TorchPilot database to open (as --db), or result files (.jsonl, .json) to import into the database.</source>
        <translation>Um banco de dados do TorchPilot a abrir (como --db), ou arquivos de resultados (.jsonl, .json) a importar no banco.</translation>
    </message>
    <message>
        <source>[file…]</source>
        <translation>[arquivo…]</translation>
    </message>
    <message>
        <source>torchpilot: error: no display available (DISPLAY and WAYLAND_DISPLAY are unset). Use QT_QPA_PLATFORM=offscreen with --screenshot, or a headless subcommand: import, run, pilot, gates, compare, report, export (torchpilot --help lists them).</source>
        <translation>torchpilot: erro: nenhuma tela disponível (DISPLAY e WAYLAND_DISPLAY não estão definidas). Use QT_QPA_PLATFORM=offscreen com --screenshot, ou um subcomando sem interface: import, run, pilot, gates, compare, report, export (torchpilot --help lista todos).</translation>
    </message>
    <message>
        <source>torchpilot: error: no database at &apos;%1&apos; (--db PATH creates one)</source>
        <translation>torchpilot: erro: nenhum banco de dados em &apos;%1&apos; (--db CAMINHO cria um)</translation>
    </message>
    <message>
        <source>torchpilot: error: one database at a time (&apos;%1&apos;)</source>
        <translation>torchpilot: erro: um banco de dados por vez (&apos;%1&apos;)</translation>
    </message>
    <message>
        <source>TorchPilot: measured evidence for moving a PyTorch workload from GPU to TPU.
Subcommands: import, run, pilot, pilots, gates, review, compare, report, export, targets, faulttest, db (see &apos;torchpilot &lt;command&gt; --help&apos;).</source>
        <translation type="vanished">TorchPilot: evidências medidas para migrar uma carga PyTorch de GPU para TPU.
Subcomandos: import, run, pilot, pilots, gates, review, compare, report, export, targets, faulttest, db (veja &apos;torchpilot &lt;comando&gt; --help&apos;).</translation>
    </message>
    <message>
        <source>TorchPilot: measured evidence for moving a PyTorch workload from GPU to TPU.
Subcommands: import, run, pilot, pilots, gates, review, compare, report, export, targets, faulttest, peak, db (see &apos;torchpilot &lt;command&gt; --help&apos;).</source>
        <translation type="vanished">TorchPilot: evidências medidas para migrar uma carga PyTorch de GPU para TPU.
Subcomandos: import, run, pilot, pilots, gates, review, compare, report, export, targets, faulttest, peak, db (veja &apos;torchpilot &lt;comando&gt; --help&apos;).</translation>
    </message>
    <message>
        <source>TorchPilot: measured evidence for moving a PyTorch workload from GPU to TPU.
Subcommands: import, run, pilot, pilots, gates, review, compare, report, export, targets, faulttest, peak, probes, db (see &apos;torchpilot &lt;command&gt; --help&apos;).</source>
        <translation>TorchPilot: evidências medidas para migrar uma carga PyTorch de GPU para TPU.
Subcomandos: import, run, pilot, pilots, gates, review, compare, report, export, targets, faulttest, peak, probes, db (veja &apos;torchpilot &lt;comando&gt; --help&apos;).</translation>
    </message>
    <message>
        <source>Page to show first: runs, queue, panels, compare, charts, review; review/cost or review/pilot for a tab of the Review page, compare/serving, compare/operators or compare/end-to-end for one of the Compare page, panels/end-to-end for the Panels page&apos;s end-to-end panel.</source>
        <translation>Página a mostrar primeiro: runs, queue, panels, compare, charts, review; review/cost ou review/pilot para uma aba da página Revisão, compare/serving, compare/operators ou compare/end-to-end para uma da página Comparar, panels/end-to-end para o painel de ponta a ponta da página Painéis.</translation>
    </message>
</context>
<context>
    <name>NextEvidenceText</name>
    <message>
        <source>baseline</source>
        <translation>linha de base</translation>
    </message>
    <message>
        <source>candidate</source>
        <translation>candidato</translation>
    </message>
    <message>
        <source>training</source>
        <translation>treino</translation>
    </message>
    <message>
        <source>fault test</source>
        <translation>teste de falha</translation>
    </message>
    <message>
        <source>inference</source>
        <translation>inferência</translation>
    </message>
    <message>
        <source>%1 %2 %3 %4 %5</source>
        <translation>%1 %2 %3 %4 %5</translation>
    </message>
    <message>
        <source>shape catalog</source>
        <translation>catálogo de formatos</translation>
    </message>
    <message>
        <source>the side&apos;s batch</source>
        <translation>o lote do lado</translation>
    </message>
    <message>
        <source>preset %1</source>
        <translation>preset %1</translation>
    </message>
    <message>
        <source>%1 calls profiled</source>
        <translation>%1 chamadas com perfil</translation>
    </message>
    <message>
        <source>%1 ranks</source>
        <translation>%1 ranks</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>Run: %1</source>
        <translation>Execução: %1</translation>
    </message>
    <message>
        <source>Reviewer: %1</source>
        <translation>Revisor: %1</translation>
    </message>
    <message>
        <source>peak search (server scenario)</source>
        <translation>busca de pico (cenário server)</translation>
    </message>
</context>
<context>
    <name>PeakCmd</name>
    <message>
        <source>Find the peak QPS within the SLO of a pilot&apos;s sides: server-scenario runs (open-loop Poisson arrivals, a queue and a dynamic batcher) at a start rate, halved until one meets the SLO, doubled until one misses it, then bisected to the resolution. Every probe is a stored run. Exit 0 a peak for every side, 1 none or cancelled, 2 bad input.</source>
        <translation>Encontra o pico de QPS dentro do SLO dos lados de um piloto: execuções no cenário server (chegadas de Poisson em laço aberto, uma fila e um agrupador dinâmico) a uma taxa inicial, reduzida à metade até que uma cumpra o SLO, dobrada até que uma o perca, e então bissectada até a resolução. Cada sonda é uma execução armazenada. Saída 0 um pico para cada lado, 1 nenhum ou cancelado, 2 entrada inválida.</translation>
    </message>
    <message>
        <source>SQLite database file (default: %1).</source>
        <translation>Arquivo de banco SQLite (padrão: %1).</translation>
    </message>
    <message>
        <source>path</source>
        <translation>caminho</translation>
    </message>
    <message>
        <source>Pilot (default: the selected one).</source>
        <translation>Piloto (padrão: o selecionado).</translation>
    </message>
    <message>
        <source>name</source>
        <translation>nome</translation>
    </message>
    <message>
        <source>baseline, candidate or both (default).</source>
        <translation>baseline, candidate ou both (padrão).</translation>
    </message>
    <message>
        <source>side</source>
        <translation>lado</translation>
    </message>
    <message>
        <source>Workload instead of the pilot&apos;s.</source>
        <translation>Carga de trabalho no lugar da do piloto.</translation>
    </message>
    <message>
        <source>First probe&apos;s rate (default 50).</source>
        <translation type="vanished">Taxa da primeira sonda (padrão 50).</translation>
    </message>
    <message>
        <source>qps</source>
        <translation>qps</translation>
    </message>
    <message>
        <source>Stop when the bracket is within this share of its lower end (default 0.05).</source>
        <translation>Para quando o intervalo estiver dentro desta fração do seu limite inferior (padrão 0,05).</translation>
    </message>
    <message>
        <source>share</source>
        <translation>fração</translation>
    </message>
    <message>
        <source>Share of failed queries a probe may have (default 0.01).</source>
        <translation>Fração de consultas com falha que uma sonda pode ter (padrão 0,01).</translation>
    </message>
    <message>
        <source>Comma-separated --max-batch values to search (default: the side&apos;s batch and, where the pilot allows a batch difference, the powers of two up to it).</source>
        <translation>Valores de --max-batch separados por vírgula a buscar (padrão: o lote do lado e, onde o piloto permite diferença de lote, as potências de dois até ele).</translation>
    </message>
    <message>
        <source>list</source>
        <translation>lista</translation>
    </message>
    <message>
        <source>Seconds the batcher may hold an undersized batch (default 0).</source>
        <translation>Segundos que o agrupador pode reter um lote incompleto (padrão 0).</translation>
    </message>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>Each probe&apos;s protocol preset: smoke (default), standard or loadgen.</source>
        <translation>Preset de protocolo de cada sonda: smoke (padrão), standard ou loadgen.</translation>
    </message>
    <message>
        <source>Path of the runner.</source>
        <translation>Caminho do runner.</translation>
    </message>
    <message>
        <source>Target profiles file.</source>
        <translation>Arquivo de perfis de destino.</translation>
    </message>
    <message>
        <source>file</source>
        <translation>arquivo</translation>
    </message>
    <message>
        <source>An argument passed to every probe&apos;s runner (repeatable), e.g. --runner-arg=--service-time=0.002.</source>
        <translation>Um argumento passado ao runner de cada sonda (repetível), p. ex. --runner-arg=--service-time=0.002.</translation>
    </message>
    <message>
        <source>arg</source>
        <translation>arg</translation>
    </message>
    <message>
        <source>--max-batch: &apos;%1&apos; is not a batch from 1 to 1048576</source>
        <translation>--max-batch: &apos;%1&apos; não é um lote de 1 a 1048576</translation>
    </message>
    <message>
        <source>torchpilot: error: --%1 must be a number from %2 to %3, got &apos;%4&apos;</source>
        <translation>torchpilot: erro: --%1 deve ser um número de %2 a %3, recebido &apos;%4&apos;</translation>
    </message>
    <message>
        <source>peak takes no positional argument</source>
        <translation>peak não aceita argumento posicional</translation>
    </message>
    <message>
        <source>--side must be baseline, candidate or both, got &apos;%1&apos;</source>
        <translation>--side deve ser baseline, candidate ou both, recebido &apos;%1&apos;</translation>
    </message>
    <message>
        <source>%1 (%2 on %3): peak QPS within p%4 &lt;= %5 s, failures &lt;= %6%</source>
        <translation>%1 (%2 em %3): pico de QPS com p%4 &lt;= %5 s, falhas &lt;= %6%</translation>
    </message>
    <message>
        <source>Peak search took %1 s.</source>
        <translation>A busca de pico levou %1 s.</translation>
    </message>
    <message>
        <source>First probe&apos;s rate (default 1000).</source>
        <translation>Taxa da primeira sonda (padrão 1000).</translation>
    </message>
</context>
<context>
    <name>PeakSearchText</name>
    <message>
        <source>failed</source>
        <translation>falhou</translation>
    </message>
    <message>
        <source>  %1 QPS, max batch %2: run %3, %4 completed/s, tail %5, %6% failed: %7</source>
        <translation>  %1 QPS, lote máximo %2: execução %3, %4 concluídas/s, cauda %5, %6% com falha: %7</translation>
    </message>
    <message>
        <source>within the SLO</source>
        <translation>dentro do SLO</translation>
    </message>
    <message>
        <source>%1: no rate of at least %2 QPS is within the SLO (%3 probes)</source>
        <translation>%1: nenhuma taxa de pelo menos %2 QPS fica dentro do SLO (%3 sondas)</translation>
    </message>
    <message>
        <source>%1 peak: %2 QPS at max batch %3 (run %4, %5 probes; the SLO at the peak: %6)</source>
        <translation>%1 pico: %2 QPS com lote máximo %3 (execução %4, %5 sondas; o SLO no pico: %6)</translation>
    </message>
    <message>
        <source>: a lower bound, the load generator could not issue a higher rate on time here</source>
        <translation>: um limite inferior, o gerador de carga não conseguiu emitir uma taxa maior a tempo aqui</translation>
    </message>
</context>
<context>
    <name>PilotCmd</name>
    <message>
        <source>Collect all the evidence of a pilot on both sides (inference over the shape catalog in every required mode, the training workload to its quality target, the checkpoint/kill/resume fault test on the candidate side), say what is left for the reviewer, open the dashboard.</source>
        <translation type="vanished">Coleta todas as evidências de um piloto nos dois lados (inferência sobre o catálogo de formatos em todos os modos exigidos, a carga de treino até a meta de qualidade, o teste de falha checkpoint/kill/resume no lado candidato), diz o que resta para o revisor e abre o painel.</translation>
    </message>
    <message>
        <source>Collect all the evidence of a pilot on both sides (inference over the shape catalog in every required mode, the training workload to its quality target, the checkpoint/kill/resume fault test on the candidate side), print the gates and the decision as &apos;torchpilot gates&apos; does and exit with its status (0 migrate, 1 keep or inconclusive, 2 bad input), open the dashboard.</source>
        <translation>Coleta todas as evidências de um piloto nos dois lados (inferência sobre o catálogo de formatos em todos os modos exigidos, a carga de treino até a meta de qualidade, o teste de falha checkpoint/kill/resume no lado candidato), mostra os portões e a decisão como &apos;torchpilot gates&apos; faz e sai com o status dele (0 migrar, 1 manter ou inconclusivo, 2 entrada inválida) e abre o painel.</translation>
    </message>
    <message>
        <source>SQLite database file (default: %1).</source>
        <translation>Arquivo de banco de dados SQLite (padrão: %1).</translation>
    </message>
    <message>
        <source>path</source>
        <translation>caminho</translation>
    </message>
    <message>
        <source>Pilot to run (default: the selected one).</source>
        <translation>Piloto a executar (padrão: o selecionado).</translation>
    </message>
    <message>
        <source>name</source>
        <translation>nome</translation>
    </message>
    <message>
        <source>Protocol preset: standard (default; under a minute on 2 cores), loadgen (MLPerf LoadGen&apos;s minimums: 60 s per run) or smoke (seconds, noisy).</source>
        <translation>Preset do protocolo: standard (padrão; menos de um minuto em 2 núcleos), loadgen (mínimos do MLPerf LoadGen: 60 s por execução) ou smoke (segundos, ruidoso).</translation>
    </message>
    <message>
        <source>Shape catalog JSON (default: the shipped one).</source>
        <translation>Catálogo de formatos em JSON (padrão: o distribuído).</translation>
    </message>
    <message>
        <source>file</source>
        <translation>arquivo</translation>
    </message>
    <message>
        <source>Path of torchpilot-runner.</source>
        <translation>Caminho do torchpilot-runner.</translation>
    </message>
    <message>
        <source>Target profiles file.</source>
        <translation>Arquivo de perfis de destino.</translation>
    </message>
    <message>
        <source>Leave out the fault test.</source>
        <translation>Omite o teste de falha.</translation>
    </message>
    <message>
        <source>torchpilot: error: %1</source>
        <translation>torchpilot: erro: %1</translation>
    </message>
    <message>
        <source>Pilot %1 (version %2): %3 vs %4</source>
        <translation>Piloto %1 (versão %2): %3 vs %4</translation>
    </message>
    <message>
        <source>baseline inference</source>
        <translation type="vanished">inferência da linha de base</translation>
    </message>
    <message>
        <source>candidate inference</source>
        <translation type="vanished">inferência do candidato</translation>
    </message>
    <message>
        <source>baseline training</source>
        <translation type="vanished">treino da linha de base</translation>
    </message>
    <message>
        <source>candidate training</source>
        <translation type="vanished">treino do candidato</translation>
    </message>
    <message>
        <source>candidate fault test</source>
        <translation>teste de falha do candidato</translation>
    </message>
    <message>
        <source>[%1/%2] %3 (%4 s so far)</source>
        <translation>[%1/%2] %3 (%4 s até agora)</translation>
    </message>
    <message>
        <source>  skipped: the fault test runs a local runner; run it on the candidate host with &apos;torchpilot faulttest&apos;</source>
        <translation type="vanished">  omitido: o teste de falha executa um runner local; rode-o no host candidato com &apos;torchpilot faulttest&apos;</translation>
    </message>
    <message>
        <source>Pilot evidence collected in %1 s.</source>
        <translation>Evidências do piloto coletadas em %1 s.</translation>
    </message>
    <message>
        <source>Every gate criterion is judged from evidence.</source>
        <translation>Todos os critérios dos portões foram julgados por evidências.</translation>
    </message>
    <message>
        <source>Left for the reviewer (Review page, or &apos;torchpilot review&apos;):</source>
        <translation type="vanished">Resta para o revisor (página Revisão, ou &apos;torchpilot review&apos;):</translation>
    </message>
    <message>
        <source>Left for the reviewer (Review page, or &apos;torchpilot review&apos;): the criteria marked insufficient below.</source>
        <translation>Resta para o revisor (página Revisão, ou &apos;torchpilot review&apos;): os critérios marcados como insuficientes abaixo.</translation>
    </message>
    <message>
        <source>No display available (DISPLAY and WAYLAND_DISPLAY are unset): not opening the dashboard. Open it later with: torchpilot --db %1</source>
        <translation>Nenhuma tela disponível (DISPLAY e WAYLAND_DISPLAY não definidos): o painel não será aberto. Abra-o depois com: torchpilot --db %1</translation>
    </message>
    <message>
        <source>Do not open the dashboard at the end (the GUI&apos;s Run pilot uses it).</source>
        <translation type="vanished">Não abre o painel ao final (usado pelo Executar piloto da interface).</translation>
    </message>
    <message>
        <source>Do not open the dashboard at the end.</source>
        <translation>Não abre o painel ao final.</translation>
    </message>
    <message>
        <source>  skipped: %1</source>
        <translation>  omitido: %1</translation>
    </message>
    <message>
        <source>the fault test runs a local runner; run it on the candidate host with &apos;torchpilot faulttest&apos;</source>
        <translation>o teste de falha executa um runner local; rode-o no host candidato com &apos;torchpilot faulttest&apos;</translation>
    </message>
    <message>
        <source>Profile this many calls of each inference run after its steady phase (0: none; default 5). The traces of local runs go next to the database, in &lt;name&gt;-traces.</source>
        <translation>Faz o perfil desta quantidade de chamadas de cada execução de inferência depois da fase estável (0: nenhuma; padrão 5). Os traces das execuções locais ficam ao lado do banco de dados, em &lt;nome&gt;-traces.</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>torchpilot: error: --profile-steps must be a whole number of 0 or more, not &apos;%1&apos;</source>
        <translation>torchpilot: erro: --profile-steps deve ser um número inteiro igual ou maior que 0, não &apos;%1&apos;</translation>
    </message>
    <message>
        <source>Run a run that is not valid evidence (too noisy, too few samples, a failed sync check) again, up to N times (default 2; 0: never).</source>
        <translation>Executa de novo uma execução que não é evidência válida (ruidosa demais, poucas amostras, verificação de sincronização falha), até N vezes (padrão 2; 0: nunca).</translation>
    </message>
    <message>
        <source>  retry %1 of %2: %3, since run %4 is not valid evidence: %5</source>
        <translation>  nova tentativa %1 de %2: %3, pois a execução %4 não é evidência válida: %5</translation>
    </message>
    <message>
        <source>Runs: %1, baseline and candidate alternating; retries of runs that were not valid evidence: %2.</source>
        <translation>Execuções: %1, linha de base e candidato alternados; novas tentativas de execuções que não eram evidência válida: %2.</translation>
    </message>
    <message>
        <source>Not valid evidence after %1 retries: %2 [runs %3]: %4</source>
        <translation>Sem evidência válida depois de %1 novas tentativas: %2 [execuções %3]: %4</translation>
    </message>
    <message>
        <source>torchpilot: error: --retries must be a whole number of 0 or more, not &apos;%1&apos;</source>
        <translation>torchpilot: erro: --retries deve ser um número inteiro igual ou maior que 0, não &apos;%1&apos;</translation>
    </message>
    <message>
        <source>not valid evidence</source>
        <translation>não é evidência válida</translation>
    </message>
    <message>
        <source>candidate %1</source>
        <translation>candidato %1</translation>
    </message>
    <message>
        <source>baseline %1</source>
        <translation>linha de base %1</translation>
    </message>
    <message>
        <source>inference, baseline and candidate alternating</source>
        <translation>inferência, linha de base e candidato alternados</translation>
    </message>
    <message>
        <source>training, baseline and candidate alternating</source>
        <translation>treino, linha de base e candidato alternados</translation>
    </message>
    <message>
        <source>Leave out the serving step (each side&apos;s peak QPS within the SLO).</source>
        <translation>Omite a etapa de serviço (o pico de QPS dentro do SLO de cada lado).</translation>
    </message>
    <message>
        <source>candidate</source>
        <translation>candidato</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>baseline</translation>
    </message>
    <message>
        <source>serving: each side&apos;s peak QPS within the SLO (server scenario)</source>
        <translation>serviço: o pico de QPS dentro do SLO de cada lado (cenário server)</translation>
    </message>
    <message>
        <source>the pilot has no latency SLO to search under</source>
        <translation>o piloto não tem SLO de latência sob o qual buscar</translation>
    </message>
    <message>
        <source>cannot create the outputs directory %1</source>
        <translation>não foi possível criar o diretório de saídas %1</translation>
    </message>
</context>
<context>
    <name>Pilots</name>
    <message>
        <source>any run</source>
        <translation>qualquer execução</translation>
    </message>
    <message>
        <source>    baseline:  %1</source>
        <translation>    linha de base: %1</translation>
    </message>
    <message>
        <source>    candidate: %1</source>
        <translation>    candidato:     %1</translation>
    </message>
    <message>
        <source>    workload %1, training %2, catalog %3, SLO p99 ≤ %4 s, throughput ≥ %5× baseline</source>
        <translation>    carga %1, treino %2, catálogo %3, SLO p99 ≤ %4 s, vazão ≥ %5× a linha de base</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nenhum</translation>
    </message>
    <message>
        <source>    %1 differs (%2 → %3): allowed: %4</source>
        <translation>    %1 difere (%2 → %3): permitido: %4</translation>
    </message>
    <message>
        <source>    %1 differs (%2 → %3): NOT an allowed difference</source>
        <translation>    %1 difere (%2 → %3): NÃO é uma diferença permitida</translation>
    </message>
    <message>
        <source>The pilots of a database: the platform comparisons (baseline vs candidate side) the review, panels and report work on. Exit 0 ok, 2 bad input.</source>
        <translation>Os pilotos de um banco de dados: as comparações de plataforma (linha de base vs candidato) sobre as quais a revisão, os painéis e o relatório trabalham. Saída 0 ok, 2 entrada inválida.</translation>
    </message>
    <message>
        <source>SQLite database file.</source>
        <translation>Arquivo de banco de dados SQLite.</translation>
    </message>
    <message>
        <source>path</source>
        <translation>caminho</translation>
    </message>
    <message>
        <source>List the pilots (* marks the selected one).</source>
        <translation>Lista os pilotos (* marca o selecionado).</translation>
    </message>
    <message>
        <source>With --list: print the definitions as JSON.</source>
        <translation>Com --list: imprime as definições em JSON.</translation>
    </message>
    <message>
        <source>Add the pilot defined in a JSON file.</source>
        <translation>Adiciona o piloto definido em um arquivo JSON.</translation>
    </message>
    <message>
        <source>file</source>
        <translation>arquivo</translation>
    </message>
    <message>
        <source>Edit a pilot with --set (its version goes up).</source>
        <translation>Edita um piloto com --set (a versão aumenta).</translation>
    </message>
    <message>
        <source>name</source>
        <translation>nome</translation>
    </message>
    <message>
        <source>With --edit: key=value, e.g. candidate.target=tpu-v6e or allowed.batch=&quot;the TPU needs larger batches&quot; (repeatable).</source>
        <translation>Com --edit: chave=valor, p. ex. candidate.target=tpu-v6e ou allowed.batch=&quot;a TPU precisa de batches maiores&quot; (repetível).</translation>
    </message>
    <message>
        <source>key=value</source>
        <translation>chave=valor</translation>
    </message>
    <message>
        <source>Remove a pilot.</source>
        <translation>Remove um piloto.</translation>
    </message>
    <message>
        <source>Make a pilot the selected one.</source>
        <translation>Torna um piloto o selecionado.</translation>
    </message>
    <message>
        <source>Pilot &apos;%1&apos; added.</source>
        <translation>Piloto &apos;%1&apos; adicionado.</translation>
    </message>
    <message>
        <source>Pilot &apos;%1&apos; is now version %2.</source>
        <translation>O piloto &apos;%1&apos; agora está na versão %2.</translation>
    </message>
    <message>
        <source>Pilot &apos;%1&apos; removed.</source>
        <translation>Piloto &apos;%1&apos; removido.</translation>
    </message>
    <message>
        <source>Pilot &apos;%1&apos; selected.</source>
        <translation>Piloto &apos;%1&apos; selecionado.</translation>
    </message>
    <message>
        <source>torchpilot: error: %1</source>
        <translation>torchpilot: erro: %1</translation>
    </message>
    <message>
        <source>any</source>
        <translation>qualquer</translation>
    </message>
</context>
<context>
    <name>ProbesCmd</name>
    <message>
        <source>Time to ready of a pilot&apos;s side (process start to imports, device init, model load, compile and warmup, first valid result; cold and warm starts apart), the Kubernetes probes it sizes, and the pilot&apos;s declared probes checked against it. --format yaml prints a serving Deployment with that probe block. Exit 0 enough cold starts to size the probes, 1 fewer, 2 bad input.</source>
        <translation>Tempo até ficar pronto de um lado do piloto (início do processo até imports, inicialização do dispositivo, carga do modelo, compilação e aquecimento, primeiro resultado válido; inícios frios e quentes em separado), as probes do Kubernetes que ele dimensiona e as probes declaradas do piloto conferidas contra ele. --format yaml imprime um Deployment de serving com esse bloco de probes. Saída 0 inícios frios suficientes para dimensionar as probes, 1 menos, 2 entrada inválida.</translation>
    </message>
    <message>
        <source>SQLite database file (default: %1).</source>
        <translation>Arquivo de banco SQLite (padrão: %1).</translation>
    </message>
    <message>
        <source>path</source>
        <translation>caminho</translation>
    </message>
    <message>
        <source>Pilot (default: the selected one).</source>
        <translation>Piloto (padrão: o selecionado).</translation>
    </message>
    <message>
        <source>name</source>
        <translation>nome</translation>
    </message>
    <message>
        <source>baseline or candidate (default).</source>
        <translation>baseline ou candidate (padrão).</translation>
    </message>
    <message>
        <source>side</source>
        <translation>lado</translation>
    </message>
    <message>
        <source>text (default), json or yaml.</source>
        <translation>text (padrão), json ou yaml.</translation>
    </message>
    <message>
        <source>format</source>
        <translation>formato</translation>
    </message>
    <message>
        <source>The serving container&apos;s image in the Deployment (--format yaml).</source>
        <translation>A imagem do contêiner de serving no Deployment (--format yaml).</translation>
    </message>
    <message>
        <source>image</source>
        <translation>imagem</translation>
    </message>
    <message>
        <source>The server&apos;s HTTP port (default 8080).</source>
        <translation>A porta HTTP do servidor (padrão 8080).</translation>
    </message>
    <message>
        <source>port</source>
        <translation>porta</translation>
    </message>
    <message>
        <source>Time to ready, %1: %2 cold start(s), %3 warm</source>
        <translation>Tempo até ficar pronto, %1: %2 início(s) frio(s), %3 quente(s)</translation>
    </message>
    <message>
        <source>  cold: p50 %1 s, p99 %2 s; medians: imports %3 s, device init %4 s, model load %5 s, compile and warmup %6 s, first result %7 s</source>
        <translation>  frio: p50 %1 s, p99 %2 s; medianas: imports %3 s, inicialização do dispositivo %4 s, carga do modelo %5 s, compilação e aquecimento %6 s, primeiro resultado %7 s</translation>
    </message>
    <message>
        <source>  warm: p50 %1 s, p99 %2 s</source>
        <translation>  quente: p50 %1 s, p99 %2 s</translation>
    </message>
    <message>
        <source>  longest call after ready: %1 s</source>
        <translation>  chamada mais longa depois de pronto: %1 s</translation>
    </message>
    <message>
        <source>Too few cold starts to size the probes: %1 of %2 (each runner process without --warm-start on empty compile caches is one).</source>
        <translation>Poucos inícios frios para dimensionar as probes: %1 de %2 (cada processo do runner sem --warm-start com caches de compilação vazios é um).</translation>
    </message>
    <message>
        <source>Proposed probes (margin %1× over the p99 cold start and the longest call):</source>
        <translation>Probes propostas (margem de %1× sobre o p99 do início frio e a chamada mais longa):</translation>
    </message>
    <message>
        <source>  startupProbe: period %1 s × failureThreshold %2 = %3 s, on %4</source>
        <translation>  startupProbe: período %1 s × failureThreshold %2 = %3 s, em %4</translation>
    </message>
    <message>
        <source>  readinessProbe: period %1 s, failureThreshold %2, on %3 (ready only after warmup)</source>
        <translation>  readinessProbe: período %1 s, failureThreshold %2, em %3 (pronto só depois do aquecimento)</translation>
    </message>
    <message>
        <source>  livenessProbe: period %1 s × failureThreshold %2 = %3 s, on %4</source>
        <translation>  livenessProbe: período %1 s × failureThreshold %2 = %3 s, em %4</translation>
    </message>
    <message>
        <source>Pilot &apos;%1&apos; declares no startupProbe: torchpilot pilots --edit %1 --set serving.startup_probe.failure_threshold=%2</source>
        <translation>O piloto &apos;%1&apos; não declara startupProbe: torchpilot pilots --edit %1 --set serving.startup_probe.failure_threshold=%2</translation>
    </message>
    <message>
        <source>Pilot &apos;%1&apos;: its startupProbe allows %2 s, covering the p99 cold start of %3 s.</source>
        <translation>Piloto &apos;%1&apos;: sua startupProbe permite %2 s, cobrindo o p99 do início frio de %3 s.</translation>
    </message>
    <message>
        <source>Pilot &apos;%1&apos;: its startupProbe allows %2 s, LESS than the p99 cold start of %3 s.</source>
        <translation>Piloto &apos;%1&apos;: sua startupProbe permite %2 s, MENOS que o p99 do início frio de %3 s.</translation>
    </message>
    <message>
        <source>probes takes no positional argument</source>
        <translation>probes não aceita argumento posicional</translation>
    </message>
    <message>
        <source>--side must be baseline or candidate, not &apos;%1&apos;</source>
        <translation>--side deve ser baseline ou candidate, não &apos;%1&apos;</translation>
    </message>
    <message>
        <source>unknown format &apos;%1&apos; (text, json or yaml)</source>
        <translation>formato desconhecido &apos;%1&apos; (text, json ou yaml)</translation>
    </message>
    <message>
        <source>--port must be from 1 to 65535</source>
        <translation>--port deve estar entre 1 e 65535</translation>
    </message>
    <message>
        <source>--image must be one non-empty line</source>
        <translation>--image deve ser uma única linha não vazia</translation>
    </message>
    <message>
        <source>no database at %1</source>
        <translation>nenhum banco em %1</translation>
    </message>
    <message>
        <source>no probes to write: the pilot declares none and %1 cold start(s) are too few to propose them (%2 needed)</source>
        <translation>nenhuma probe a escrever: o piloto não declara nenhuma e %1 início(s) frio(s) são poucos para propô-las (%2 necessários)</translation>
    </message>
</context>
<context>
    <name>RankGroupText</name>
    <message>
        <source>%1: the ranks did not form a group [run %2]</source>
        <translation>%1: os ranks não formaram um grupo [execução %2]</translation>
    </message>
    <message>
        <source>rank %1 %2/s (%3)</source>
        <translation>rank %1 %2/s (%3)</translation>
    </message>
    <message>
        <source>%1: %2 of %3 ranks %4 — aggregate %5 samples/s, slowest rank %6 (%7 samples/s) [runs %8]</source>
        <translation>%1: %2 de %3 ranks %4 — agregado de %5 amostras/s, rank mais lento %6 (%7 amostras/s) [execuções %8]</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <source>incomplete</source>
        <translation>incompleto</translation>
    </message>
</context>
<context>
    <name>ReportCmd</name>
    <message>
        <source>torchpilot: error: %1</source>
        <translation type="vanished">torchpilot: erro: %1</translation>
    </message>
    <message>
        <source>Write the PDF decision report of a database: decision, gates and sign-offs, changes since the last review, the three panels, charts, precision, cost, environment and every run. Exit 0 when written; 2 on bad input.</source>
        <translation>Gera o relatório de decisão em PDF de um banco de dados: decisão, portões e assinaturas, mudanças desde a última revisão, os três painéis, gráficos, precisão, custo, ambiente e todas as execuções. Sai com 0 quando gravado; 2 com entrada inválida.</translation>
    </message>
    <message>
        <source>SQLite database file (must exist).</source>
        <translation>Arquivo do banco de dados SQLite (deve existir).</translation>
    </message>
    <message>
        <source>path</source>
        <translation>caminho</translation>
    </message>
    <message>
        <source>PDF file to write.</source>
        <translation>Arquivo PDF a gravar.</translation>
    </message>
    <message>
        <source>file</source>
        <translation>arquivo</translation>
    </message>
    <message>
        <source>Language of the report: en (default) or pt_BR.</source>
        <translation>Idioma do relatório: en (padrão) ou pt_BR.</translation>
    </message>
    <message>
        <source>name</source>
        <translation>nome</translation>
    </message>
    <message>
        <source>Gate definitions JSON (default: the shipped one).</source>
        <translation>JSON com as definições dos portões (padrão: o que acompanha o programa).</translation>
    </message>
    <message>
        <source>Cost presets JSON (default: the shipped examples).</source>
        <translation>JSON com os presets de custo (padrão: os exemplos que acompanham o programa).</translation>
    </message>
    <message>
        <source>Cost preset of the current path, instead of the stored one.</source>
        <translation>Preset de custo do caminho atual, em vez do armazenado.</translation>
    </message>
    <message>
        <source>Cost preset of the candidate, instead of the stored one.</source>
        <translation>Preset de custo do candidato, em vez do armazenado.</translation>
    </message>
    <message>
        <source>Rollback path, instead of the stored one.</source>
        <translation>Caminho de rollback, em vez do armazenado.</translation>
    </message>
    <message>
        <source>text</source>
        <translation>texto</translation>
    </message>
    <message>
        <source>--lang must be en or pt_BR, not &apos;%1&apos;</source>
        <translation>--lang deve ser en ou pt_BR, não &apos;%1&apos;</translation>
    </message>
    <message>
        <source>torchpilot: warning: no translation &apos;:/i18n/torchpilot_%1.qm&apos; in this build; the report text stays in English (numbers and dates follow %1).</source>
        <translation>torchpilot: aviso: não há tradução &apos;:/i18n/torchpilot_%1.qm&apos; nesta compilação; o texto do relatório fica em inglês (números e datas seguem %1).</translation>
    </message>
    <message>
        <source>--out is required (the PDF file to write)</source>
        <translation>--out é obrigatório (o arquivo PDF a gravar)</translation>
    </message>
    <message>
        <source>no database at &apos;%1&apos; (import or run something first, or pass --db)</source>
        <translation>nenhum banco de dados em &apos;%1&apos; (importe ou execute algo primeiro, ou passe --db)</translation>
    </message>
    <message>
        <source>--out would overwrite the database &apos;%1&apos;</source>
        <translation>--out sobrescreveria o banco de dados &apos;%1&apos;</translation>
    </message>
    <message numerus="yes">
        <source>Wrote %1: %n page(s) in %2 s (decision: %3)</source>
        <translation>
            <numerusform>%1 gravado: %n página em %2 s (decisão: %3)</numerusform>
            <numerusform>%1 gravado: %n páginas em %2 s (decisão: %3)</numerusform>
        </translation>
    </message>
    <message>
        <source>Pilot to evaluate (default: the database&apos;s selected pilot; see &apos;torchpilot pilots --list&apos;).</source>
        <translation>Piloto a avaliar (padrão: o piloto selecionado do banco de dados; veja &apos;torchpilot pilots --list&apos;).</translation>
    </message>
</context>
<context>
    <name>ReportFiles</name>
    <message>
        <source>Export PDF report</source>
        <translation>Exportar relatório em PDF</translation>
    </message>
    <message>
        <source>No database is open.</source>
        <translation>Nenhum banco de dados está aberto.</translation>
    </message>
    <message>
        <source>PDF documents (*.pdf)</source>
        <translation>Documentos PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Writing the report…</source>
        <translation>Gravando o relatório…</translation>
    </message>
    <message>
        <source>The report was not written.</source>
        <translation>O relatório não foi gravado.</translation>
    </message>
    <message>
        <source>The report could not be written: %1</source>
        <translation>Não foi possível gravar o relatório: %1</translation>
    </message>
    <message numerus="yes">
        <source>Report written to %1 (%n page(s))</source>
        <translation>
            <numerusform>Relatório gravado em %1 (%n página)</numerusform>
            <numerusform>Relatório gravado em %1 (%n páginas)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReportHtml</name>
    <message>
        <source>accelerator</source>
        <translation>acelerador</translation>
    </message>
    <message>
        <source>host</source>
        <translation>host</translation>
    </message>
    <message>
        <source>storage</source>
        <translation>armazenamento</translation>
    </message>
    <message>
        <source>network</source>
        <translation>rede</translation>
    </message>
    <message>
        <source>observability</source>
        <translation>observabilidade</translation>
    </message>
    <message>
        <source>not configured</source>
        <translation>não configurado</translation>
    </message>
    <message>
        <source>%1 per hour</source>
        <translation>%1 por hora</translation>
    </message>
    <message>
        <source>%1 (on demand: %2)</source>
        <translation>%1 (sob demanda: %2)</translation>
    </message>
    <message>
        <source>useful: %1; lost: %2</source>
        <translation>úteis: %1; perdidas: %2</translation>
    </message>
    <message>
        <source>Cost per useful result</source>
        <translation>Custo por resultado útil</translation>
    </message>
    <message>
        <source>Total cost attributed to the measured runs (accelerator, host, storage, network, observability, preparation, idle time and lost attempts) divided by the results that meet the quality contract. Migration engineering is amortized on its own line, never mixed into the running cost.</source>
        <translation>Custo total atribuído às execuções medidas (acelerador, host, armazenamento, rede, observabilidade, preparação, tempo ocioso e tentativas perdidas) dividido pelos resultados que cumprem o contrato de qualidade. A engenharia de migração é amortizada em linha própria, nunca misturada ao custo de operação.</translation>
    </message>
    <message>
        <source>No cost model was entered for either side, so the cost gate has no evidence. Enter them in the review, or pass --baseline-cost and --candidate-cost.</source>
        <translation>Nenhum modelo de custo foi informado para os lados, então o portão de custo não tem evidência. Informe-os na revisão ou passe --baseline-cost e --candidate-cost.</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>Número</translation>
    </message>
    <message>
        <source>Cost model</source>
        <translation>Modelo de custo</translation>
    </message>
    <message>
        <source>Price of an hour of execution</source>
        <translation>Preço de uma hora de execução</translation>
    </message>
    <message>
        <source>Run time (failed runs included)</source>
        <translation>Tempo de execução (execuções com falha incluídas)</translation>
    </message>
    <message>
        <source>of which compilation</source>
        <translation>dos quais compilação</translation>
    </message>
    <message>
        <source>Lost attempts</source>
        <translation>Tentativas perdidas</translation>
    </message>
    <message>
        <source>Billed time</source>
        <translation>Tempo faturado</translation>
    </message>
    <message>
        <source>Total cost</source>
        <translation>Custo total</translation>
    </message>
    <message>
        <source>Useful results (samples)</source>
        <translation>Resultados úteis (amostras)</translation>
    </message>
    <message>
        <source>Migration engineering per result (amortized)</source>
        <translation>Engenharia de migração por resultado (amortizada)</translation>
    </message>
    <message>
        <source>Spot: net savings</source>
        <translation>Spot: economia líquida</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Execuções</translation>
    </message>
    <message>
        <source>Breakdown</source>
        <translation>Composição</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>Componente</translation>
    </message>
    <message>
        <source>Sensitivity: each price ±25 %</source>
        <translation>Sensibilidade: cada preço ±25 %</translation>
    </message>
    <message>
        <source>Cost per useful result when one component&apos;s price moves by 25 % and the others stay.</source>
        <translation>Custo por resultado útil quando o preço de um componente varia 25 % e os demais ficam iguais.</translation>
    </message>
    <message>
        <source>Current path −25 %</source>
        <translation>Caminho atual −25 %</translation>
    </message>
    <message>
        <source>Current path +25 %</source>
        <translation>Caminho atual +25 %</translation>
    </message>
    <message>
        <source>Candidate −25 %</source>
        <translation>Candidato −25 %</translation>
    </message>
    <message>
        <source>Candidate +25 %</source>
        <translation>Candidato +25 %</translation>
    </message>
    <message>
        <source>Environment and versions</source>
        <translation>Ambiente e versões</translation>
    </message>
    <message>
        <source>As each run reported it when it started; runs that measured in the same environment share a row.</source>
        <translation>Como cada execução informou ao começar; execuções medidas no mesmo ambiente compartilham uma linha.</translation>
    </message>
    <message>
        <source>torch</source>
        <translation>torch</translation>
    </message>
    <message>
        <source>Runner</source>
        <translation>Runner</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>BLAS</source>
        <translation>BLAS</translation>
    </message>
    <message>
        <source>OS</source>
        <translation>SO</translation>
    </message>
    <message>
        <source>%1 &lt;span class=&quot;small&quot;&gt;(%2)&lt;/span&gt;</source>
        <translation>%1 &lt;span class=&quot;small&quot;&gt;(%2)&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Appendix: every run</source>
        <translation>Apêndice: todas as execuções</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Run key</source>
        <translation>Chave da execução</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Carga de trabalho</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modo</translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation>Dtype</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Valid</source>
        <translation>Válida</translation>
    </message>
    <message>
        <source>Samples/s</source>
        <translation>Amostras/s</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>sim</translation>
    </message>
    <message>
        <source>no</source>
        <translation>não</translation>
    </message>
    <message>
        <source>TorchPilot decision report</source>
        <translation>Relatório de decisão do TorchPilot</translation>
    </message>
    <message>
        <source>no evidence run</source>
        <translation>nenhuma execução de evidência</translation>
    </message>
    <message>
        <source>workload</source>
        <translation>carga de trabalho</translation>
    </message>
    <message>
        <source>mode</source>
        <translation>modo</translation>
    </message>
    <message>
        <source>dtype</source>
        <translation>dtype</translation>
    </message>
    <message>
        <source>device</source>
        <translation>dispositivo</translation>
    </message>
    <message>
        <source>status</source>
        <translation>status</translation>
    </message>
    <message>
        <source>target</source>
        <translation>destino</translation>
    </message>
    <message>
        <source>every run</source>
        <translation>todas as execuções</translation>
    </message>
    <message>
        <source>TorchPilot — GPU → TPU migration</source>
        <translation>TorchPilot — migração GPU → TPU</translation>
    </message>
    <message>
        <source>Workload: %1</source>
        <translation>Carga de trabalho: %1</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>Decisão</translation>
    </message>
    <message>
        <source>Last review recorded on %1 by %2 (decision then: %3).</source>
        <translation>Última revisão registrada em %1 por %2 (decisão na época: %3).</translation>
    </message>
    <message>
        <source>The evidence is unchanged since that review.</source>
        <translation>A evidência não mudou desde essa revisão.</translation>
    </message>
    <message numerus="yes">
        <source>The evidence changed since that review: %n change(s), listed under “Changes since the last review”.</source>
        <translation>
            <numerusform>A evidência mudou desde essa revisão: %n mudança, listada em “Mudanças desde a última revisão”.</numerusform>
            <numerusform>A evidência mudou desde essa revisão: %n mudanças, listadas em “Mudanças desde a última revisão”.</numerusform>
        </translation>
    </message>
    <message>
        <source>Not yet reviewed. Newest run: %1.</source>
        <translation>Ainda não revisado. Execução mais recente: %1.</translation>
    </message>
    <message>
        <source>Evidence hash (SHA-256)</source>
        <translation>Hash da evidência (SHA-256)</translation>
    </message>
    <message>
        <source>Gate definitions</source>
        <translation>Definições dos portões</translation>
    </message>
    <message>
        <source>Current path</source>
        <translation>Caminho atual</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Candidato</translation>
    </message>
    <message>
        <source>Evidence runs</source>
        <translation>Execuções de evidência</translation>
    </message>
    <message>
        <source>current path: %1; candidate: %2; excluded as invalid evidence: %3</source>
        <translation>caminho atual: %1; candidato: %2; excluídas como evidência inválida: %3</translation>
    </message>
    <message>
        <source>Database</source>
        <translation>Banco de dados</translation>
    </message>
    <message numerus="yes">
        <source>%1, %n run(s)</source>
        <translation>
            <numerusform>%1, %n execução</numerusform>
            <numerusform>%1, %n execuções</numerusform>
        </translation>
    </message>
    <message>
        <source>Rollback path</source>
        <translation>Caminho de rollback</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>não registrado</translation>
    </message>
    <message>
        <source>Gates at a glance</source>
        <translation>Portões em resumo</translation>
    </message>
    <message>
        <source>Gate</source>
        <translation>Portão</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Veredito</translation>
    </message>
    <message>
        <source>Criteria passed</source>
        <translation>Critérios aprovados</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 de %2</translation>
    </message>
    <message>
        <source>Approval gates</source>
        <translation>Portões de aprovação</translation>
    </message>
    <message>
        <source>The five gates in order. A criterion without enough valid evidence is “insufficient”; the timings of runs whose steady state is not valid evidence never count (their finiteness and precision verdicts do).</source>
        <translation>Os cinco portões, em ordem. Um critério sem evidência válida suficiente é “insuficiente”; os tempos de execuções cujo regime estável não é evidência válida nunca contam (seus veredictos de finitude e de precisão, sim).</translation>
    </message>
    <message>
        <source>Criterion</source>
        <translation>Critério</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Detalhe</translation>
    </message>
    <message>
        <source>Signed off by &lt;b&gt;%1&lt;/b&gt; on %2</source>
        <translation>Assinado por &lt;b&gt;%1&lt;/b&gt; em %2</translation>
    </message>
    <message>
        <source>recorded with the review</source>
        <translation>registrado com a revisão</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>pendente</translation>
    </message>
    <message>
        <source>signed on different evidence</source>
        <translation>assinado com outra evidência</translation>
    </message>
    <message>
        <source>decision</source>
        <translation>decisão</translation>
    </message>
    <message>
        <source>gate verdict</source>
        <translation>veredito do portão</translation>
    </message>
    <message>
        <source>criterion verdict</source>
        <translation>veredito do critério</translation>
    </message>
    <message>
        <source>run added</source>
        <translation>execução adicionada</translation>
    </message>
    <message>
        <source>run removed</source>
        <translation>execução removida</translation>
    </message>
    <message>
        <source>run changed</source>
        <translation>execução alterada</translation>
    </message>
    <message>
        <source>review inputs</source>
        <translation>entradas da revisão</translation>
    </message>
    <message>
        <source>gate definitions</source>
        <translation>definições dos portões</translation>
    </message>
    <message>
        <source>Changes since the last review</source>
        <translation>Mudanças desde a última revisão</translation>
    </message>
    <message>
        <source>No review has been recorded yet: all of the evidence in this report is unreviewed.</source>
        <translation>Nenhuma revisão foi registrada ainda: toda a evidência deste relatório está sem revisão.</translation>
    </message>
    <message>
        <source>Compared with the review recorded on %1 (evidence hash %2).</source>
        <translation>Comparado com a revisão registrada em %1 (hash da evidência %2).</translation>
    </message>
    <message>
        <source>No change: the evidence is identical.</source>
        <translation>Nenhuma mudança: a evidência é idêntica.</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Mudança</translation>
    </message>
    <message>
        <source>Subject</source>
        <translation>Assunto</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>Antes</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Agora</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>sem dados</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>não medido</translation>
    </message>
    <message>
        <source>not measured (CPU)</source>
        <translation>não medido (CPU)</translation>
    </message>
    <message>
        <source>not applicable for local runs</source>
        <translation>não se aplica a execuções locais</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; of %2 runs</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; de %2 execuções</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; extra execution(s)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; execução(ões) extra(s)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; samples/s</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; amostras/s</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 %&lt;/b&gt; of one core</source>
        <translation>&lt;b&gt;%1 %&lt;/b&gt; de um núcleo</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; per useful result</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; por resultado útil</translation>
    </message>
    <message>
        <source>The three panels</source>
        <translation>Os três painéis</translation>
    </message>
    <message>
        <source>Business, application and infrastructure figures of each side, over every run the gate definitions select for it (valid or not).</source>
        <translation>Números de negócio, aplicação e infraestrutura de cada lado, sobre todas as execuções que as definições dos portões selecionam para ele (válidas ou não).</translation>
    </message>
    <message>
        <source>Business</source>
        <translation>Negócio</translation>
    </message>
    <message>
        <source>Completed runs</source>
        <translation>Execuções concluídas</translation>
    </message>
    <message>
        <source>Within deadline</source>
        <translation>Dentro do prazo</translation>
    </message>
    <message>
        <source>Meeting the quality contract</source>
        <translation>Cumprindo o contrato de qualidade</translation>
    </message>
    <message>
        <source>Application</source>
        <translation>Aplicação</translation>
    </message>
    <message>
        <source>Latency p50</source>
        <translation>Latência p50</translation>
    </message>
    <message>
        <source>Latency p90</source>
        <translation>Latência p90</translation>
    </message>
    <message>
        <source>Latency p99</source>
        <translation>Latência p99</translation>
    </message>
    <message>
        <source>Median of run p99</source>
        <translation>Mediana do p99 das execuções</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>Vazão</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Erros</translation>
    </message>
    <message>
        <source>Queue wait</source>
        <translation>Espera na fila</translation>
    </message>
    <message>
        <source>Time without progress</source>
        <translation>Tempo sem progresso</translation>
    </message>
    <message>
        <source>Infrastructure</source>
        <translation>Infraestrutura</translation>
    </message>
    <message>
        <source>CPU time</source>
        <translation>Tempo de CPU</translation>
    </message>
    <message>
        <source>CPU utilisation</source>
        <translation>Uso de CPU</translation>
    </message>
    <message>
        <source>Peak RAM</source>
        <translation>Pico de RAM</translation>
    </message>
    <message>
        <source>Restarts / retries</source>
        <translation>Reinícios / novas tentativas</translation>
    </message>
    <message>
        <source>Accelerator memory</source>
        <translation>Memória do acelerador</translation>
    </message>
    <message>
        <source>Capacity wait</source>
        <translation>Espera por capacidade</translation>
    </message>
    <message>
        <source>run %1, %2</source>
        <translation>execução %1, %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %2 · %3 · %n steady sample(s)</source>
        <translation>
            <numerusform>%1 · %2 · %3 · %n amostra em regime estável</numerusform>
            <numerusform>%1 · %2 · %3 · %n amostras em regime estável</numerusform>
        </translation>
    </message>
    <message>
        <source>Cold start vs warm state</source>
        <translation>Partida a frio vs estado aquecido</translation>
    </message>
    <message>
        <source>Steady-state latency</source>
        <translation>Latência em regime estável</translation>
    </message>
    <message>
        <source>The first call (cold: compilation, allocation, caches) against the warmup and steady-state time per batch of each side&apos;s newest valid run. Log scale: the first call is often 100–1000× a steady batch.</source>
        <translation>A primeira chamada (fria: compilação, alocação, caches) contra o tempo por lote do aquecimento e do regime estável da execução válida mais recente de cada lado. Escala log: a primeira chamada costuma ser 100–1000× um lote em regime estável.</translation>
    </message>
    <message>
        <source>Distribution of the steady-state time per batch of the same runs, with the p50, p90 and p99 markers the SLO is judged on.</source>
        <translation>Distribuição do tempo por lote em regime estável das mesmas execuções, com as marcas p50, p90 e p99 pelas quais o SLO é julgado.</translation>
    </message>
    <message>
        <source>no run on this side.</source>
        <translation>nenhuma execução neste lado.</translation>
    </message>
    <message>
        <source>Precision verdicts</source>
        <translation>Vereditos de precisão</translation>
    </message>
    <message>
        <source>No run recorded a precision verdict.</source>
        <translation>Nenhuma execução registrou um veredito de precisão.</translation>
    </message>
    <message>
        <source>Mode · dtype</source>
        <translation>Modo · dtype</translation>
    </message>
    <message>
        <source>Policy · reference</source>
        <translation>Política · referência</translation>
    </message>
    <message>
        <source>Max abs / rel error</source>
        <translation>Erro máx. abs / rel</translation>
    </message>
    <message>
        <source>Cosine</source>
        <translation>Cosseno</translation>
    </message>
    <message>
        <source>Mismatch</source>
        <translation>Desvio</translation>
    </message>
    <message>
        <source>vs %1</source>
        <translation>vs %1</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>of which preparation</source>
        <translation>dos quais preparação</translation>
    </message>
    <message>
        <source>of which idle time</source>
        <translation>dos quais tempo ocioso</translation>
    </message>
    <message>
        <source>of which lost attempts</source>
        <translation>dos quais tentativas perdidas</translation>
    </message>
    <message>
        <source>of which spot overhead</source>
        <translation>dos quais custo extra do Spot</translation>
    </message>
    <message>
        <source>all prices together</source>
        <translation>todos os preços juntos</translation>
    </message>
    <message>
        <source>The priced components add up to the total; the lines below it say where those billed hours went.</source>
        <translation>Os componentes com preço somam o total; as linhas abaixo dele mostram para onde foram as horas faturadas.</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Preço</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) in the database, by id. Valid: the steady state is valid evidence. Evidence: the side of the decision the gate definitions select the run for (only valid, complete runs count). A run key too long for its column is shortened in the middle (…).</source>
        <translation>
            <numerusform>%n execução no banco de dados, por id. Válida: o regime estável é evidência válida. Evidência: o lado da decisão para o qual as definições dos portões selecionam a execução (só contam execuções válidas e completas). Uma chave de execução longa demais para a sua coluna é encurtada no meio (…).</numerusform>
            <numerusform>%n execuções no banco de dados, por id. Válida: o regime estável é evidência válida. Evidência: o lado da decisão para o qual as definições dos portões selecionam a execução (só contam execuções válidas e completas). Uma chave de execução longa demais para a sua coluna é encurtada no meio (…).</numerusform>
        </translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Evidência</translation>
    </message>
    <message>
        <source>both sides</source>
        <translation>os dois lados</translation>
    </message>
    <message>
        <source>current path</source>
        <translation>caminho atual</translation>
    </message>
    <message>
        <source>candidate</source>
        <translation>candidato</translation>
    </message>
    <message>
        <source>Sign-offs, %1:</source>
        <translation>Assinaturas, %1:</translation>
    </message>
    <message>
        <source>none.</source>
        <translation>nenhuma.</translation>
    </message>
    <message>
        <source>runs %1</source>
        <translation>execuções %1</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Campo</translation>
    </message>
    <message>
        <source>Runner&apos;s summary</source>
        <translation>Resumo do runner</translation>
    </message>
    <message>
        <source>Store</source>
        <translation>Repositório</translation>
    </message>
    <message>
        <source>Runner summaries against the store</source>
        <translation>Resumos dos runners comparados com o repositório</translation>
    </message>
    <message>
        <source>Every figure and validity verdict in this report is computed by the store from the stored samples (validity policy %1); each runner&apos;s own summary is kept as a witness.</source>
        <translation>Todos os números e veredictos de validade deste relatório são calculados pelo repositório a partir das amostras armazenadas (política de validade %1); o resumo de cada runner é guardado como testemunha.</translation>
    </message>
    <message>
        <source>Every runner summary agrees with the store&apos;s figures.</source>
        <translation>Todos os resumos dos runners concordam com os números do repositório.</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) whose runner summary disagrees with the store:</source>
        <translation>
            <numerusform>%n execução cujo resumo do runner discorda do repositório:</numerusform>
            <numerusform>%n execuções cujo resumo do runner discorda do repositório:</numerusform>
        </translation>
    </message>
    <message>
        <source>Compile cost break-even</source>
        <translation>Ponto de equilíbrio do custo de compilação</translation>
    </message>
    <message>
        <source>For each shape both sides measured: the candidate&apos;s extra first call (compilation) over the current path&apos;s, and after how many calls its steady state pays it back. Medians over the valid runs of each side.</source>
        <translation>Para cada formato medido nos dois lados: a primeira chamada extra do candidato (compilação) em relação à do caminho atual, e após quantas chamadas o seu regime estável a compensa. Medianas sobre as execuções válidas de cada lado.</translation>
    </message>
    <message>
        <source>No shape was measured on both sides yet.</source>
        <translation>Nenhum formato foi medido nos dois lados ainda.</translation>
    </message>
    <message>
        <source>Workload and shape</source>
        <translation>Carga e formato</translation>
    </message>
    <message>
        <source>First call: current · candidate</source>
        <translation>Primeira chamada: atual · candidato</translation>
    </message>
    <message>
        <source>Extra</source>
        <translation>Extra</translation>
    </message>
    <message>
        <source>Steady: current · candidate</source>
        <translation>Estável: atual · candidato</translation>
    </message>
    <message>
        <source>Paid back</source>
        <translation>Compensado</translation>
    </message>
    <message>
        <source>after %1 calls</source>
        <translation>após %1 chamadas</translation>
    </message>
    <message>
        <source>Each checked run against the float32 eager reference, on identical weights and inputs, with the tolerances of a named policy. Under the mode: the precision float32 matmuls ran at (highest is full float32; TF32 and TorchTPU&apos;s default bf16 passes are lower).</source>
        <translation type="vanished">Cada execução verificada contra a referência float32 eager, com pesos e entradas idênticos, com as tolerâncias de uma política nomeada. Sob o modo: a precisão em que rodaram as multiplicações de matrizes float32 (highest é float32 completo; TF32 e as passadas bf16 padrão do TorchTPU são menores).</translation>
    </message>
    <message>
        <source>matmul %1</source>
        <translation>matmul %1</translation>
    </message>
    <message>
        <source>Host → device copy per batch</source>
        <translation>Cópia host → dispositivo por lote</translation>
    </message>
    <message>
        <source>Device → host copy per batch</source>
        <translation>Cópia dispositivo → host por lote</translation>
    </message>
    <message>
        <source>Not profiled: run this side with --profile-steps N (a pilot: its Profile steps option) to see where its time goes.</source>
        <translation>Sem perfil: execute este lado com --profile-steps N (num piloto: a opção Passos de perfil) para ver para onde vai o tempo.</translation>
    </message>
    <message>
        <source>Run #%1: the profile could not be read: %2</source>
        <translation>Execução #%1: não foi possível ler o perfil: %2</translation>
    </message>
    <message>
        <source>Run #%1: %2 call(s) profiled with %3 after the steady phase. Host↔device copy operators per call: %4.</source>
        <translation>Execução #%1: %2 chamada(s) com perfil por %3 depois da fase estável. Operadores de cópia host↔dispositivo por chamada: %4.</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>Operador</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Dispositivo</translation>
    </message>
    <message>
        <source>Calls per call</source>
        <translation>Chamadas por chamada</translation>
    </message>
    <message>
        <source>Self per call</source>
        <translation>Próprio por chamada</translation>
    </message>
    <message>
        <source>Total per call</source>
        <translation>Total por chamada</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Parcela</translation>
    </message>
    <message>
        <source>Trace (%1, %2): %3</source>
        <translation>Trace (%1, %2): %3</translation>
    </message>
    <message>
        <source>Where the time goes</source>
        <translation>Para onde vai o tempo</translation>
    </message>
    <message>
        <source>A short profiler capture of each side, taken after its timed samples (no sample carries profiler overhead). Copy operators (aten::copy_, aten::_to_copy) beyond the current path&apos;s are host round-trips: operators that fell back to the CPU.</source>
        <translation>Uma captura curta do profiler de cada lado, feita depois das amostras cronometradas (nenhuma amostra carrega o custo do profiler). Operadores de cópia (aten::copy_, aten::_to_copy) além dos do caminho atual são idas e voltas ao host: operadores que recaíram na CPU.</translation>
    </message>
    <message>
        <source>not collected by a pilot: the order of the two sides&apos; runs is not recorded</source>
        <translation>não coletadas por um piloto: a ordem das execuções dos dois lados não está registrada</translation>
    </message>
    <message>
        <source>%1 of %2 evidence runs collected by a pilot, baseline and candidate alternating, each with its place in the order; retries of runs that were not valid evidence: %3</source>
        <translation>%1 de %2 execuções de evidência coletadas por um piloto, linha de base e candidato alternados, cada uma com seu lugar na ordem; novas tentativas de execuções que não eram evidência válida: %3</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nenhuma</translation>
    </message>
    <message>
        <source>Collection</source>
        <translation>Coleta</translation>
    </message>
    <message>
        <source>What would decide it:</source>
        <translation>O que o decidiria:</translation>
    </message>
    <message>
        <source>Throughput within the SLO</source>
        <translation>Vazão dentro do SLO</translation>
    </message>
    <message>
        <source>No server-scenario run yet: run the pilot&apos;s serving step or &apos;torchpilot peak&apos;.</source>
        <translation>Nenhuma execução no cenário server ainda: rode a etapa de serviço do piloto ou &apos;torchpilot peak&apos;.</translation>
    </message>
    <message>
        <source>Peak within the SLO: at least %1 QPS (run %2); a higher rate could not be issued on time by this machine&apos;s load generator.</source>
        <translation>Pico dentro do SLO: pelo menos %1 QPS (execução %2); uma taxa maior não pôde ser emitida a tempo pelo gerador de carga desta máquina.</translation>
    </message>
    <message>
        <source>Peak within the SLO: %1 QPS (run %2).</source>
        <translation>Pico dentro do SLO: %1 QPS (execução %2).</translation>
    </message>
    <message>
        <source>No probe kept the SLO with failures within the allowed share.</source>
        <translation>Nenhuma sonda manteve o SLO com falhas dentro da fração permitida.</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Execução</translation>
    </message>
    <message>
        <source>Target QPS</source>
        <translation>QPS alvo</translation>
    </message>
    <message>
        <source>Completed/s</source>
        <translation>Concluídas/s</translation>
    </message>
    <message>
        <source>Max batch</source>
        <translation>Lote máx.</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p99, failures last</source>
        <translation>p99, falhas por último</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Falhas</translation>
    </message>
    <message>
        <source>Queue · compute</source>
        <translation>Fila · cômputo</translation>
    </message>
    <message>
        <source>Within the SLO</source>
        <translation>Dentro do SLO</translation>
    </message>
    <message>
        <source>generator late</source>
        <translation>gerador atrasado</translation>
    </message>
    <message>
        <source>not valid</source>
        <translation>inválida</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>falhou</translation>
    </message>
    <message>
        <source>peak</source>
        <translation>pico</translation>
    </message>
    <message>
        <source>Open-loop server-scenario runs (MLPerf LoadGen): Poisson arrivals at a target rate, a queue and a dynamic batcher, each query&apos;s latency from its scheduled arrival. The SLO: p99 at most %1 with at most %2% of queries failed.</source>
        <translation>Execuções em laço aberto no cenário server (MLPerf LoadGen): chegadas de Poisson a uma taxa alvo, uma fila e um agrupador dinâmico, a latência de cada consulta a partir da chegada agendada. O SLO: p99 de no máximo %1 com no máximo %2% de consultas com falha.</translation>
    </message>
    <message>
        <source>Accelerator</source>
        <translation>Acelerador</translation>
    </message>
    <message>
        <source>%1 GiB HBM</source>
        <translation>%1 GiB de HBM</translation>
    </message>
    <message>
        <source>eager %1</source>
        <translation>eager %1</translation>
    </message>
    <message>
        <source>optimized build</source>
        <translation>build otimizado</translation>
    </message>
    <message>
        <source>UNOPTIMIZED build</source>
        <translation>build NÃO otimizado</translation>
    </message>
    <message>
        <source>CPU fallback on</source>
        <translation>fallback para CPU ligado</translation>
    </message>
    <message>
        <source>CPU fallback off</source>
        <translation>fallback para CPU desligado</translation>
    </message>
    <message>
        <source>checkpoints keep the TPU random state</source>
        <translation>checkpoints guardam o estado aleatório da TPU</translation>
    </message>
    <message>
        <source>checkpoints lack the TPU random state</source>
        <translation>checkpoints sem o estado aleatório da TPU</translation>
    </message>
    <message>
        <source>%1 of run(s) %2: &lt;tt&gt;%3&lt;/tt&gt;</source>
        <translation>%1 da(s) execução(ões) %2: &lt;tt&gt;%3&lt;/tt&gt;</translation>
    </message>
    <message>
        <source>What TorchTPU&apos;s compiled programs cost at the end of each run: the HBM its compilation cache held, its executables, and the compiler&apos;s peak host memory.</source>
        <translation>O que os programas compilados do TorchTPU custaram ao fim de cada execução: a HBM ocupada pelo seu cache de compilação, seus executáveis e o pico de memória do host usado pelo compilador.</translation>
    </message>
    <message>
        <source>Compiled programs&apos; HBM</source>
        <translation>HBM dos programas compilados</translation>
    </message>
    <message>
        <source>Executables</source>
        <translation>Executáveis</translation>
    </message>
    <message>
        <source>Compile host memory peak</source>
        <translation>Pico de memória do host na compilação</translation>
    </message>
    <message>
        <source>Each checked run against the reference its policy names, on identical weights and inputs, with that policy&apos;s tolerances: the float32 eager reference by default, or an eager reference in the run&apos;s own dtype (bfloat16 against bfloat16, as TorchTPU&apos;s parity guide compares); each row says which. Under the mode: the precision float32 matmuls ran at (highest is full float32; TF32 and TorchTPU&apos;s default bf16 passes are lower).</source>
        <translation>Cada execução verificada contra a referência que sua política indica, com pesos e entradas idênticos e as tolerâncias dessa política: por padrão a referência eager em float32, ou uma referência eager no próprio dtype da execução (bfloat16 contra bfloat16, como compara o guia de paridade do TorchTPU); cada linha diz qual. Sob o modo: a precisão em que rodaram as multiplicações de matrizes float32 (highest é float32 completo; TF32 e as passadas bf16 padrão do TorchTPU são menores).</translation>
    </message>
    <message>
        <source>Batch job</source>
        <translation>Job em lote</translation>
    </message>
    <message>
        <source>Stated by the pilot</source>
        <translation>Declarado pelo piloto</translation>
    </message>
    <message>
        <source>Catalog</source>
        <translation>Catálogo</translation>
    </message>
    <message>
        <source>%1 items</source>
        <translation>%1 itens</translation>
    </message>
    <message>
        <source>not stated</source>
        <translation>não declarado</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>Janela</translation>
    </message>
    <message>
        <source>file %1, tensor %2, sha256 %3</source>
        <translation>arquivo %1, tensor %2, sha256 %3</translation>
    </message>
    <message>
        <source>%1 items generated from seed %2</source>
        <translation>%1 itens gerados a partir da semente %2</translation>
    </message>
    <message>
        <source>Frozen sample</source>
        <translation>Amostra congelada</translation>
    </message>
    <message>
        <source>Quality</source>
        <translation>Qualidade</translation>
    </message>
    <message>
        <source>retrieval recall@%1 against the baseline, mean at least %2</source>
        <translation>recall@%1 de recuperação contra a linha de base, média de pelo menos %2</translation>
    </message>
    <message>
        <source>Batch job and end-to-end time</source>
        <translation>Job em lote e tempo de ponta a ponta</translation>
    </message>
    <message>
        <source>Where each side&apos;s executions spent their time: waiting for capacity, attempts lost (runs repeated because they were not valid evidence), preparation, compile, warm-up, steady compute and checkpoints, each timed apart; other is the rest of the wall clock. Summed over the executions the gate definitions select for the side.</source>
        <translation>Onde as execuções de cada lado gastaram o tempo: espera por capacidade, tentativas perdidas (execuções repetidas por não serem evidência válida), preparação, compilação, aquecimento, computação estável e checkpoints, cada um cronometrado à parte; outros é o resto do relógio. Somado sobre as execuções que as definições dos portões selecionam para o lado.</translation>
    </message>
    <message>
        <source>No execution of either side has a wall clock yet.</source>
        <translation>Nenhuma execução de nenhum dos lados tem tempo de relógio ainda.</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>Parte</translation>
    </message>
    <message>
        <source>%1 in %2 execution(s), %3 attempt(s) lost; runs %4</source>
        <translation>%1 em %2 execução(ões), %3 tentativa(s) perdida(s); execuções %4</translation>
    </message>
    <message>
        <source>Wall time</source>
        <translation>Tempo de relógio</translation>
    </message>
</context>
<context>
    <name>ReportRenderer</name>
    <message>
        <source>Page %1 of %2</source>
        <translation>Página %1 de %2</translation>
    </message>
    <message>
        <source>cannot write &apos;%1&apos;: %2</source>
        <translation type="vanished">não foi possível gravar &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>evidence %1</source>
        <translation>evidência %1</translation>
    </message>
    <message>
        <source>cannot write &apos;%1&apos;: the PDF could not be started</source>
        <translation>não foi possível gravar &apos;%1&apos;: o PDF não pôde ser iniciado</translation>
    </message>
</context>
<context>
    <name>ReportText</name>
    <message>
        <source>%1 %2 UTC</source>
        <translation>%1 %2 UTC</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>aprovado</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>reprovado</translation>
    </message>
    <message>
        <source>insufficient evidence</source>
        <translation>evidência insuficiente</translation>
    </message>
    <message>
        <source>Migrate to the candidate</source>
        <translation>Migrar para o candidato</translation>
    </message>
    <message>
        <source>Keep the current path</source>
        <translation>Manter o caminho atual</translation>
    </message>
    <message>
        <source>Inconclusive — keep the current path</source>
        <translation>Inconclusivo — manter o caminho atual</translation>
    </message>
    <message>
        <source>Every gate passed on valid evidence.</source>
        <translation>Todos os portões foram aprovados com evidência válida.</translation>
    </message>
    <message>
        <source>At least one gate failed.</source>
        <translation>Pelo menos um portão foi reprovado.</translation>
    </message>
    <message>
        <source>No gate failed, but at least one lacks valid evidence; inconclusive evidence keeps the current path.</source>
        <translation>Nenhum portão foi reprovado, mas pelo menos um não tem evidência válida; evidência inconclusiva mantém o caminho atual.</translation>
    </message>
    <message>
        <source>1. Compatibility</source>
        <translation>1. Compatibilidade</translation>
    </message>
    <message>
        <source>2. Correctness and precision</source>
        <translation>2. Corretude e precisão</translation>
    </message>
    <message>
        <source>3. Performance</source>
        <translation>3. Desempenho</translation>
    </message>
    <message>
        <source>4. Operations</source>
        <translation>4. Operações</translation>
    </message>
    <message>
        <source>5. Cost</source>
        <translation>5. Custo</translation>
    </message>
    <message>
        <source>Catalog shapes run in every required mode</source>
        <translation>Formatos do catálogo executados em todos os modos exigidos</translation>
    </message>
    <message>
        <source>No failure on an unsupported operator</source>
        <translation>Nenhuma falha por operador não suportado</translation>
    </message>
    <message>
        <source>Outputs are finite</source>
        <translation>As saídas são finitas</translation>
    </message>
    <message>
        <source>Precision within the policy</source>
        <translation>Precisão dentro da política</translation>
    </message>
    <message>
        <source>Loss curve within tolerance</source>
        <translation>Curva de loss dentro da tolerância</translation>
    </message>
    <message>
        <source>p99 latency within the SLO</source>
        <translation>Latência p99 dentro do SLO</translation>
    </message>
    <message>
        <source>Throughput against the current path</source>
        <translation type="vanished">Vazão em relação ao caminho atual</translation>
    </message>
    <message>
        <source>Cold start and recompilation reported</source>
        <translation>Partida a frio e recompilação informadas</translation>
    </message>
    <message>
        <source>Checkpoint and resume within RPO/RTO</source>
        <translation>Checkpoint e retomada dentro do RPO/RTO</translation>
    </message>
    <message>
        <source>No no-progress alert</source>
        <translation>Nenhum alerta de falta de progresso</translation>
    </message>
    <message>
        <source>Rollback path recorded</source>
        <translation>Caminho de rollback registrado</translation>
    </message>
    <message>
        <source>Cost per useful result not worse</source>
        <translation>Custo por resultado útil não pior</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more run(s) (see the appendix)</source>
        <translation>
            <numerusform>… e mais %n execução (veja o apêndice)</numerusform>
            <numerusform>… e mais %n execuções (veja o apêndice)</numerusform>
        </translation>
    </message>
    <message>
        <source>Distributed recovery: one rank lost, group resumed</source>
        <translation>Recuperação distribuída: um rank perdido, grupo retomado</translation>
    </message>
    <message>
        <source>No host round-trips beyond the baseline&apos;s</source>
        <translation>Nenhuma ida e volta ao host além das da linha de base</translation>
    </message>
    <message>
        <source>Closed-loop throughput against the current path</source>
        <translation>Vazão em laço fechado frente ao caminho atual</translation>
    </message>
    <message>
        <source>Throughput within the SLO (peak QPS, server scenario)</source>
        <translation>Vazão dentro do SLO (pico de QPS, cenário server)</translation>
    </message>
    <message>
        <source>Kubernetes probes cover the measured time to ready</source>
        <translation>As probes do Kubernetes cobrem o tempo medido até ficar pronto</translation>
    </message>
    <message>
        <source>Batch job: the whole catalog inside its window</source>
        <translation>Job em lote: o catálogo inteiro dentro da janela</translation>
    </message>
    <message>
        <source>Retrieval: recall@k of the frozen sample against the baseline</source>
        <translation>Recuperação: recall@k da amostra congelada contra a linha de base</translation>
    </message>
</context>
<context>
    <name>Review</name>
    <message>
        <source>decision: %1 → %2</source>
        <translation>decisão: %1 → %2</translation>
    </message>
    <message>
        <source>gate definitions: %1 → %2</source>
        <translation>definições dos portões: %1 → %2</translation>
    </message>
    <message>
        <source>input %1: %2 → %3</source>
        <translation>entrada %1: %2 → %3</translation>
    </message>
    <message>
        <source>gate %1: %2 → %3</source>
        <translation>portão %1: %2 → %3</translation>
    </message>
    <message>
        <source>criterion %1: %2 → %3</source>
        <translation>critério %1: %2 → %3</translation>
    </message>
    <message>
        <source>run %1 added: %2</source>
        <translation>execução %1 adicionada: %2</translation>
    </message>
    <message>
        <source>run %1 removed: %2</source>
        <translation>execução %1 removida: %2</translation>
    </message>
    <message>
        <source>run %1 changed: %2 → %3</source>
        <translation>execução %1 alterada: %2 → %3</translation>
    </message>
    <message>
        <source>Evidence: sha256 %1</source>
        <translation>Evidência: sha256 %1</translation>
    </message>
    <message>
        <source>No decision has been recorded yet (torchpilot review --record).</source>
        <translation>Nenhuma decisão foi registrada ainda (torchpilot review --record).</translation>
    </message>
    <message>
        <source>No changes since the last review (%1).</source>
        <translation>Nenhuma mudança desde a última revisão (%1).</translation>
    </message>
    <message>
        <source>Changes since the last review (%1):</source>
        <translation>Mudanças desde a última revisão (%1):</translation>
    </message>
    <message>
        <source>Pending sign-off: gate %1 by %2 at %3</source>
        <translation>Assinatura pendente: portão %1 por %2 em %3</translation>
    </message>
    <message>
        <source> (signed on other evidence: %1)</source>
        <translation> (assinado com outra evidência: %1)</translation>
    </message>
</context>
<context>
    <name>ReviewCmd</name>
    <message>
        <source>--set-cost needs exactly one of --preset NAME or --cost-file FILE</source>
        <translation>--set-cost precisa de exatamente um entre --preset NOME e --cost-file ARQUIVO</translation>
    </message>
    <message>
        <source>No decision has been recorded yet.</source>
        <translation>Nenhuma decisão foi registrada ainda.</translation>
    </message>
    <message>
        <source>    comment: %1</source>
        <translation>    comentário: %1</translation>
    </message>
    <message>
        <source>    sign-off: gate %1 by %2 at %3%4</source>
        <translation>    assinatura: portão %1 por %2 em %3%4</translation>
    </message>
    <message>
        <source>choose one action, not %1</source>
        <translation>escolha uma ação, não %1</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation>argumento inesperado &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--reviewer NAME is required to sign off or record a decision</source>
        <translation>--reviewer NOME é obrigatório para assinar ou registrar uma decisão</translation>
    </message>
    <message>
        <source>--set-cost takes &apos;baseline&apos; or &apos;candidate&apos;, not &apos;%1&apos;</source>
        <translation>--set-cost aceita &apos;baseline&apos; ou &apos;candidate&apos;, não &apos;%1&apos;</translation>
    </message>
    <message>
        <source>Baseline cost model set to &apos;%1&apos;.</source>
        <translation>Modelo de custo da referência definido como &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>Candidate cost model set to &apos;%1&apos;.</source>
        <translation>Modelo de custo do candidato definido como &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>Rollback path cleared.</source>
        <translation>Caminho de rollback apagado.</translation>
    </message>
    <message>
        <source>Rollback path recorded.</source>
        <translation>Caminho de rollback registrado.</translation>
    </message>
    <message>
        <source>Gate %1 signed off by %2 on evidence sha256 %3; it is attached to the next recorded decision.</source>
        <translation>Portão %1 assinado por %2 com a evidência sha256 %3; a assinatura será anexada à próxima decisão registrada.</translation>
    </message>
    <message numerus="yes">
        <source>Recorded decision #%1: %2 (evidence sha256 %3), with %n gate sign-off(s).</source>
        <translation>
            <numerusform>Decisão nº %1 registrada: %2 (evidência sha256 %3), com %n assinatura de portão.</numerusform>
            <numerusform>Decisão nº %1 registrada: %2 (evidência sha256 %3), com %n assinaturas de portão.</numerusform>
        </translation>
    </message>
    <message>
        <source>Note: gate %1 was signed off on other evidence (sha256 %2).</source>
        <translation>Observação: o portão %1 foi assinado com outra evidência (sha256 %2).</translation>
    </message>
    <message>
        <source>Decision now: %1</source>
        <translation>Decisão agora: %1</translation>
    </message>
    <message>
        <source>Review the migration decision: store the cost models and rollback path the gates judge with, sign off gates, record the decision with the SHA-256 of its evidence, list past decisions. Without an action, show what changed since the last recorded decision. Exit status 2 on bad input.</source>
        <translation>Revisa a decisão de migração: armazena os modelos de custo e o caminho de rollback com que os portões julgam, assina portões, registra a decisão com o SHA-256 da sua evidência e lista decisões anteriores. Sem uma ação, mostra o que mudou desde a última decisão registrada. Status de saída 2 com entrada inválida.</translation>
    </message>
    <message>
        <source>SQLite database file.</source>
        <translation>Arquivo do banco de dados SQLite.</translation>
    </message>
    <message>
        <source>path</source>
        <translation>caminho</translation>
    </message>
    <message>
        <source>Gate definitions JSON (default: the shipped one).</source>
        <translation>JSON com as definições dos portões (padrão: o que acompanha o programa).</translation>
    </message>
    <message>
        <source>file</source>
        <translation>arquivo</translation>
    </message>
    <message>
        <source>Sign off one gate on the evidence as it is now.</source>
        <translation>Assina um portão com a evidência como está agora.</translation>
    </message>
    <message>
        <source>gate</source>
        <translation>portão</translation>
    </message>
    <message>
        <source>Record the decision with its evidence and the pending sign-offs.</source>
        <translation>Registra a decisão com sua evidência e as assinaturas pendentes.</translation>
    </message>
    <message>
        <source>Who signs off or records (required for both).</source>
        <translation>Quem assina ou registra (obrigatório nos dois casos).</translation>
    </message>
    <message>
        <source>name</source>
        <translation>nome</translation>
    </message>
    <message>
        <source>A comment kept with the sign-off or decision.</source>
        <translation>Um comentário guardado com a assinatura ou a decisão.</translation>
    </message>
    <message>
        <source>text</source>
        <translation>texto</translation>
    </message>
    <message>
        <source>Store the cost model of one side: baseline or candidate.</source>
        <translation>Armazena o modelo de custo de um lado: baseline (referência) ou candidate (candidato).</translation>
    </message>
    <message>
        <source>side</source>
        <translation>lado</translation>
    </message>
    <message>
        <source>With --set-cost: a preset from --cost-presets.</source>
        <translation>Com --set-cost: um preset de --cost-presets.</translation>
    </message>
    <message>
        <source>Cost presets JSON (default: the shipped examples).</source>
        <translation>JSON com os presets de custo (padrão: os exemplos que acompanham o programa).</translation>
    </message>
    <message>
        <source>With --set-cost: a cost model JSON file.</source>
        <translation>Com --set-cost: um arquivo JSON de modelo de custo.</translation>
    </message>
    <message>
        <source>Store the rollback path (empty text clears it).</source>
        <translation>Armazena o caminho de rollback (texto vazio o apaga).</translation>
    </message>
    <message>
        <source>With --history or no action: print JSON.</source>
        <translation>Com --history ou sem ação: imprime JSON.</translation>
    </message>
    <message>
        <source>torchpilot: error: %1</source>
        <translation>torchpilot: erro: %1</translation>
    </message>
    <message>
        <source>Pilot to evaluate (default: the database&apos;s selected pilot; see &apos;torchpilot pilots --list&apos;).</source>
        <translation>Piloto a avaliar (padrão: o piloto selecionado do banco de dados; veja &apos;torchpilot pilots --list&apos;).</translation>
    </message>
    <message>
        <source>#%1  %2  %3  pilot: %4  decision: %5  definitions: %6  evidence sha256 %7</source>
        <translation>nº %1  %2  %3  piloto: %4  decisão: %5  definições: %6  evidência sha256 %7</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(nenhum)</translation>
    </message>
    <message>
        <source>List the recorded decisions, newest first: every pilot&apos;s, or with --pilot that pilot&apos;s.</source>
        <translation>Lista as decisões registradas, da mais recente à mais antiga: as de todos os pilotos ou, com --pilot, as desse piloto.</translation>
    </message>
    <message>
        <source>    merged from %1: history of another database, not a review recorded here</source>
        <translation>    mesclada de %1: histórico de outro banco de dados, não uma revisão registrada aqui</translation>
    </message>
</context>
<context>
    <name>SshCommand</name>
    <message>
        <source>The %1 &apos;%2&apos; must not start with &apos;-&apos; (ssh would read it as an option).</source>
        <translation>O %1 &apos;%2&apos; não pode começar com &apos;-&apos; (o ssh o leria como uma opção).</translation>
    </message>
    <message>
        <source>The %1 must not contain spaces or control characters.</source>
        <translation>O %1 não pode conter espaços nem caracteres de controle.</translation>
    </message>
    <message>
        <source>An SSH target needs a host.</source>
        <translation>Um destino SSH precisa de um host.</translation>
    </message>
    <message>
        <source>host</source>
        <translation>host</translation>
    </message>
    <message>
        <source>Give the user separately, not as user@host.</source>
        <translation>Informe o usuário separadamente, não como usuário@host.</translation>
    </message>
    <message>
        <source>The host &apos;%1&apos; may only contain letters, digits, &apos;.&apos;, &apos;-&apos;, &apos;_&apos;, &apos;:&apos; and [ ] (IPv6).</source>
        <translation>O host &apos;%1&apos; só pode conter letras, dígitos, &apos;.&apos;, &apos;-&apos;, &apos;_&apos;, &apos;:&apos; e [ ] (IPv6).</translation>
    </message>
    <message>
        <source>The %1 path must not contain quotes, backslashes, &apos;%&apos; or &apos;$&apos; (ssh would expand them).</source>
        <translation>O caminho do %1 não pode conter aspas, barras invertidas, &apos;%&apos; nem &apos;$&apos; (o ssh os expandiria).</translation>
    </message>
    <message>
        <source>identity file</source>
        <translation>arquivo de identidade</translation>
    </message>
    <message>
        <source>known_hosts file</source>
        <translation>arquivo known_hosts</translation>
    </message>
    <message>
        <source>The SSH port must be between 1 and 65535.</source>
        <translation>A porta SSH deve estar entre 1 e 65535.</translation>
    </message>
    <message>
        <source>The SSH connect timeout must be between 1 and 600 seconds.</source>
        <translation>O tempo limite de conexão SSH deve estar entre 1 e 600 segundos.</translation>
    </message>
    <message>
        <source>The remote runner path must not contain NUL characters.</source>
        <translation>O caminho do runner remoto não pode conter caracteres NUL.</translation>
    </message>
    <message>
        <source>user</source>
        <translation>usuário</translation>
    </message>
    <message>
        <source>The user &apos;%1&apos; may only contain ASCII letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos; (no &apos;@&apos;, &apos;:&apos;, quotes, &apos;$&apos;, &apos;`&apos;, &apos;;&apos; or other shell characters).</source>
        <translation>O usuário &apos;%1&apos; só pode conter letras ASCII, dígitos, &apos;.&apos;, &apos;_&apos; e &apos;-&apos; (sem &apos;@&apos;, &apos;:&apos;, aspas, &apos;$&apos;, &apos;`&apos;, &apos;;&apos; nem outros caracteres do shell).</translation>
    </message>
    <message>
        <source>target &apos;%1&apos;, field &quot;%2&quot;: %3</source>
        <translation>destino &apos;%1&apos;, campo &quot;%2&quot;: %3</translation>
    </message>
</context>
<context>
    <name>TargetProfile</name>
    <message>
        <source>Target name &apos;%1&apos;: use 1 to 64 letters, digits, &apos;.&apos;, &apos;_&apos; or &apos;-&apos;, starting with a letter or digit.</source>
        <translation>Nome de destino &apos;%1&apos;: use de 1 a 64 letras, dígitos, &apos;.&apos;, &apos;_&apos; ou &apos;-&apos;, começando com uma letra ou um dígito.</translation>
    </message>
    <message>
        <source>Only the built-in target &apos;local&apos; runs on this machine.</source>
        <translation>Só o destino embutido &apos;local&apos; roda nesta máquina.</translation>
    </message>
    <message>
        <source>The name &apos;local&apos; is reserved for this machine.</source>
        <translation>O nome &apos;local&apos; é reservado para esta máquina.</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>esta máquina</translation>
    </message>
    <message>
        <source>a target needs a &quot;name&quot; (a string)</source>
        <translation>um destino precisa de um &quot;name&quot; (uma string)</translation>
    </message>
    <message>
        <source>target &apos;%1&apos;: &quot;kind&quot; must be &quot;local&quot;, &quot;ssh&quot; or &quot;kubernetes&quot;</source>
        <translation>destino &apos;%1&apos;: &quot;kind&quot; deve ser &quot;local&quot;, &quot;ssh&quot; ou &quot;kubernetes&quot;</translation>
    </message>
    <message>
        <source>target &apos;%1&apos;: &quot;%2&quot; must be a string</source>
        <translation>destino &apos;%1&apos;: &quot;%2&quot; deve ser uma string</translation>
    </message>
    <message>
        <source>target &apos;%1&apos;: &quot;%2&quot; must be a whole number from %3 to %4</source>
        <translation>destino &apos;%1&apos;: &quot;%2&quot; deve ser um número inteiro de %3 a %4</translation>
    </message>
    <message>
        <source>target &apos;%1&apos;: &quot;kubernetes&quot; must be an object</source>
        <translation>destino &apos;%1&apos;: &quot;kubernetes&quot; deve ser um objeto</translation>
    </message>
    <message>
        <source>target &apos;%1&apos;: an ssh target needs a &quot;host&quot;</source>
        <translation>destino &apos;%1&apos;: um destino ssh precisa de um &quot;host&quot;</translation>
    </message>
    <message>
        <source>Kubernetes target &apos;%1&apos;: set the container image (&quot;image&quot;).</source>
        <translation>Destino Kubernetes &apos;%1&apos;: defina a imagem do contêiner (&quot;image&quot;).</translation>
    </message>
    <message>
        <source>Kubernetes Job: %1/%2, %3 %4</source>
        <translation>Job Kubernetes: %1/%2, %3 %4</translation>
    </message>
    <message>
        <source>current context</source>
        <translation>contexto atual</translation>
    </message>
    <message>
        <source>Kubernetes Job (invalid settings)</source>
        <translation>Job Kubernetes (configuração inválida)</translation>
    </message>
    <message>
        <source>Runner: unknown (the Kubernetes settings are invalid)</source>
        <translation>Runner: desconhecido (as configurações do Kubernetes são inválidas)</translation>
    </message>
    <message>
        <source>torchpilot-runner not found</source>
        <translation>torchpilot-runner não encontrado</translation>
    </message>
    <message>
        <source>%1, torchpilot_runner.py not found</source>
        <translation>%1, torchpilot_runner.py não encontrado</translation>
    </message>
    <message>
        <source>Python</source>
        <translation>Python</translation>
    </message>
    <message>
        <source>C++</source>
        <translation>C++</translation>
    </message>
    <message>
        <source>Runner: %1 (%2)</source>
        <translation>Runner: %1 (%2)</translation>
    </message>
    <message>
        <source>Runner: %1 (%2), device %3</source>
        <translation>Runner: %1 (%2), dispositivo %3</translation>
    </message>
    <message>
        <source>Target &apos;%1&apos;: the runner must be &quot;cpp&quot; or &quot;python&quot;, not &apos;%2&apos;.</source>
        <translation>Alvo &apos;%1&apos;: o runner deve ser &quot;cpp&quot; ou &quot;python&quot;, não &apos;%2&apos;.</translation>
    </message>
    <message>
        <source>Target &apos;%1&apos;: the device must be cpu, cuda or tpu (or empty for the runner&apos;s default), not &apos;%2&apos;.</source>
        <translation>Alvo &apos;%1&apos;: o dispositivo deve ser cpu, cuda ou tpu (ou vazio para o padrão do runner), não &apos;%2&apos;.</translation>
    </message>
    <message>
        <source>Target &apos;%1&apos;: the Python interpreter must not contain NUL characters.</source>
        <translation>Alvo &apos;%1&apos;: o interpretador Python não pode conter caracteres NUL.</translation>
    </message>
    <message>
        <source>Target &apos;%1&apos;: the Python interpreter &apos;%2&apos; must not start with &apos;-&apos;.</source>
        <translation>Alvo &apos;%1&apos;: o interpretador Python &apos;%2&apos; não pode começar com &apos;-&apos;.</translation>
    </message>
    <message>
        <source>Target &apos;%1&apos;: the runner path must not contain NUL characters.</source>
        <translation>Alvo &apos;%1&apos;: o caminho do runner não pode conter caracteres NUL.</translation>
    </message>
    <message>
        <source>Target &apos;%1&apos;: the C++ runner cannot use a TPU; use the Python runner (runner &quot;python&quot;) for device tpu.</source>
        <translation>Alvo &apos;%1&apos;: o runner C++ não usa TPU; use o runner Python (runner &quot;python&quot;) para o dispositivo tpu.</translation>
    </message>
    <message>
        <source>Target &apos;%1&apos;: the Python runner script &apos;%2&apos; must not start with &apos;-&apos; (the interpreter would read it as an option).</source>
        <translation>Alvo &apos;%1&apos;: o script do runner Python &apos;%2&apos; não pode começar com &apos;-&apos; (o interpretador o leria como opção).</translation>
    </message>
    <message>
        <source>Target &apos;%1&apos;: give the Python interpreter as an absolute path or as a program name found on PATH, not the relative path &apos;%2&apos;.</source>
        <translation>Alvo &apos;%1&apos;: informe o interpretador Python como caminho absoluto ou como nome de programa no PATH, não o caminho relativo &apos;%2&apos;.</translation>
    </message>
    <message>
        <source>Target &apos;%1&apos;: the Python runner script torchpilot_runner.py was not found; set TORCHPILOT_PYTHON_RUNNER or the target&apos;s runner_path.</source>
        <translation>Alvo &apos;%1&apos;: o script do runner Python torchpilot_runner.py não foi encontrado; defina TORCHPILOT_PYTHON_RUNNER ou o runner_path do alvo.</translation>
    </message>
    <message>
        <source>target &apos;%1&apos;: &quot;runner&quot; must be &quot;cpp&quot; or &quot;python&quot;, not &apos;%2&apos;</source>
        <translation>alvo &apos;%1&apos;: &quot;runner&quot; deve ser &quot;cpp&quot; ou &quot;python&quot;, não &apos;%2&apos;</translation>
    </message>
    <message>
        <source>target &apos;%1&apos;: &quot;device&quot; must be &quot;cpu&quot;, &quot;cuda&quot; or &quot;tpu&quot;, not &apos;%2&apos;</source>
        <translation>alvo &apos;%1&apos;: &quot;device&quot; deve ser &quot;cpu&quot;, &quot;cuda&quot; ou &quot;tpu&quot;, não &apos;%2&apos;</translation>
    </message>
    <message>
        <source>SSH target &apos;%1&apos;: %2</source>
        <translation>Destino SSH &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>target &apos;%1&apos;: &quot;user&quot;: %2</source>
        <translation>destino &apos;%1&apos;: &quot;user&quot;: %2</translation>
    </message>
</context>
<context>
    <name>TargetProfiles</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>cannot read the file (%1)</source>
        <translation type="vanished">não foi possível ler o arquivo (%1)</translation>
    </message>
    <message>
        <source>malformed JSON at offset %1: %2</source>
        <translation>JSON malformado na posição %1: %2</translation>
    </message>
    <message>
        <source>expected an object with a &quot;targets&quot; array</source>
        <translation>esperava um objeto com um array &quot;targets&quot;</translation>
    </message>
    <message>
        <source>unsupported version %1 (this TorchPilot reads version 1)</source>
        <translation>versão %1 não suportada (este TorchPilot lê a versão 1)</translation>
    </message>
    <message>
        <source>target %1</source>
        <translation>destino %1</translation>
    </message>
    <message>
        <source>%1: expected an object</source>
        <translation>%1: esperava um objeto</translation>
    </message>
    <message>
        <source>%1: the name &apos;%2&apos; is used twice</source>
        <translation>%1: o nome &apos;%2&apos; é usado duas vezes</translation>
    </message>
    <message>
        <source>%1: cannot write the file (%2)</source>
        <translation type="vanished">%1: não foi possível gravar o arquivo (%2)</translation>
    </message>
    <message>
        <source>The target &apos;local&apos; is built in.</source>
        <translation>O destino &apos;local&apos; é embutido.</translation>
    </message>
    <message>
        <source>No target named &apos;%1&apos;.</source>
        <translation>Nenhum destino chamado &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>The target &apos;local&apos; is built in; give the new target another name.</source>
        <translation>O destino &apos;local&apos; é embutido; dê outro nome ao novo destino.</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; cannot be stored (the target &apos;local&apos; is built in; names use 1 to 64 letters, digits, &apos;.&apos;, &apos;_&apos; or &apos;-&apos;)</source>
        <translation>%1: &apos;%2&apos; não pode ser armazenado (o destino &apos;local&apos; é embutido; os nomes usam de 1 a 64 letras, dígitos, &apos;.&apos;, &apos;_&apos; ou &apos;-&apos;)</translation>
    </message>
    <message>
        <source>JSON nested deeper than %1 levels</source>
        <translation>JSON aninhado em mais de %1 níveis</translation>
    </message>
</context>
<context>
    <name>TargetsCli</name>
    <message>
        <source>torchpilot: error: %1</source>
        <translation type="vanished">torchpilot: erro: %1</translation>
    </message>
    <message>
        <source>Manage the targets runs can execute on (local, SSH hosts).
SSH runs use the system ssh with BatchMode=yes and StrictHostKeyChecking=yes: the host&apos;s key must already be in the known_hosts file and the identity must not need a passphrase prompt (use ssh-agent).</source>
        <translation>Gerencia os destinos em que as execuções podem rodar (local, hosts SSH).
Execuções SSH usam o ssh do sistema com BatchMode=yes e StrictHostKeyChecking=yes: a chave do host já deve estar no arquivo known_hosts e a identidade não pode pedir uma frase secreta (use o ssh-agent).</translation>
    </message>
    <message>
        <source>Target profiles file (default: %1).</source>
        <translation>Arquivo de perfis de destino (padrão: %1).</translation>
    </message>
    <message>
        <source>file</source>
        <translation>arquivo</translation>
    </message>
    <message>
        <source>List the targets (the default).</source>
        <translation>Lista os destinos (o padrão).</translation>
    </message>
    <message>
        <source>Add or replace an SSH target.</source>
        <translation>Adiciona ou substitui um destino SSH.</translation>
    </message>
    <message>
        <source>name</source>
        <translation>nome</translation>
    </message>
    <message>
        <source>Remove a target.</source>
        <translation>Remove um destino.</translation>
    </message>
    <message>
        <source>SSH host name or address.</source>
        <translation>Nome ou endereço do host SSH.</translation>
    </message>
    <message>
        <source>host</source>
        <translation>host</translation>
    </message>
    <message>
        <source>SSH user (default: ssh&apos;s).</source>
        <translation>Usuário SSH (padrão: o do ssh).</translation>
    </message>
    <message>
        <source>user</source>
        <translation>usuário</translation>
    </message>
    <message>
        <source>SSH port (default 22).</source>
        <translation>Porta SSH (padrão: 22).</translation>
    </message>
    <message>
        <source>port</source>
        <translation>porta</translation>
    </message>
    <message>
        <source>Private key file (ssh -i).</source>
        <translation>Arquivo da chave privada (ssh -i).</translation>
    </message>
    <message>
        <source>known_hosts file (default ~/.ssh/known_hosts).</source>
        <translation>Arquivo known_hosts (padrão: ~/.ssh/known_hosts).</translation>
    </message>
    <message>
        <source>path</source>
        <translation>caminho</translation>
    </message>
    <message>
        <source>Seconds to wait for the connection (default 10).</source>
        <translation>Segundos de espera pela conexão (padrão: 10).</translation>
    </message>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>--add-ssh needs --host</source>
        <translation>--add-ssh precisa de --host</translation>
    </message>
    <message>
        <source>--port and --connect-timeout must be whole numbers</source>
        <translation>--port e --connect-timeout devem ser números inteiros</translation>
    </message>
    <message>
        <source>target &apos;%1&apos; saved in %2</source>
        <translation>destino &apos;%1&apos; salvo em %2</translation>
    </message>
    <message>
        <source>target &apos;%1&apos; removed from %2</source>
        <translation>destino &apos;%1&apos; removido de %2</translation>
    </message>
    <message>
        <source>cannot read &apos;%1&apos;: %2</source>
        <translation type="vanished">não foi possível ler &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>%1: not a JSON object (%2 at byte %3)</source>
        <translation>%1: não é um objeto JSON (%2 no byte %3)</translation>
    </message>
    <message>
        <source>Add or replace a Kubernetes (GKE TPU) target.</source>
        <translation>Adiciona ou substitui um destino Kubernetes (GKE TPU).</translation>
    </message>
    <message>
        <source>JSON file with the Job settings (image, namespace, accelerator, topology, requests and limits…).</source>
        <translation>Arquivo JSON com a configuração do Job (imagem, namespace, acelerador, topologia, requests e limits…).</translation>
    </message>
    <message>
        <source>Container image of the runner (Kubernetes).</source>
        <translation>Imagem de contêiner do runner (Kubernetes).</translation>
    </message>
    <message>
        <source>image</source>
        <translation>imagem</translation>
    </message>
    <message>
        <source>kubectl context (default: the current one).</source>
        <translation>Contexto do kubectl (padrão: o atual).</translation>
    </message>
    <message>
        <source>kubeconfig file (default: kubectl&apos;s).</source>
        <translation>Arquivo kubeconfig (padrão: o do kubectl).</translation>
    </message>
    <message>
        <source>Namespace of the Jobs (default ml-evaluation).</source>
        <translation>Namespace dos Jobs (padrão ml-evaluation).</translation>
    </message>
    <message>
        <source>GKE TPU accelerator, e.g. tpu-v6e-slice.</source>
        <translation>Acelerador TPU do GKE, p. ex. tpu-v6e-slice.</translation>
    </message>
    <message>
        <source>GKE TPU topology, e.g. 2x2 (chips follow).</source>
        <translation>Topologia TPU do GKE, p. ex. 2x2 (os chips decorrem dela).</translation>
    </message>
    <message>
        <source>AxB</source>
        <translation>AxB</translation>
    </message>
    <message>
        <source>choose one of --list, --add-ssh, --add-kubernetes and --remove</source>
        <translation>escolha uma opção entre --list, --add-ssh, --add-kubernetes e --remove</translation>
    </message>
    <message>
        <source>Path of the runner on the host: torchpilot-runner (default: found on its PATH) or, for --runner-kind python, torchpilot_runner.py (default /opt/torchpilot/python/torchpilot_runner.py; Kubernetes: /app/torchpilot_runner.py).</source>
        <translation>Caminho do runner no host: torchpilot-runner (padrão: encontrado no PATH) ou, com --runner-kind python, torchpilot_runner.py (padrão /opt/torchpilot/python/torchpilot_runner.py; Kubernetes: /app/torchpilot_runner.py).</translation>
    </message>
    <message>
        <source>Runner the target starts: cpp (torchpilot-runner) or python (torchpilot_runner.py). Default: python for --device tpu and for Kubernetes, else cpp.</source>
        <translation>Runner que o alvo inicia: cpp (torchpilot-runner) ou python (torchpilot_runner.py). Padrão: python com --device tpu e no Kubernetes, senão cpp.</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>tipo</translation>
    </message>
    <message>
        <source>Python interpreter of the python runner (default python3 on the host&apos;s PATH).</source>
        <translation>Interpretador Python do runner python (padrão python3 no PATH do host).</translation>
    </message>
    <message>
        <source>Device passed as --device to every run: cpu, cuda or tpu (default: the runner&apos;s; Kubernetes: tpu).</source>
        <translation>Dispositivo passado como --device a cada execução: cpu, cuda ou tpu (padrão: o do runner; Kubernetes: tpu).</translation>
    </message>
    <message>
        <source>device</source>
        <translation>dispositivo</translation>
    </message>
    <message>
        <source>--chips-per-host must be an integer, got &apos;%1&apos;</source>
        <translation>--chips-per-host deve ser um inteiro, recebido &apos;%1&apos;</translation>
    </message>
    <message>
        <source>TPU chips per host of a multi-host topology (default: auto; more chips than one host holds give an Indexed Job, one pod per host).</source>
        <translation>Chips TPU por host de uma topologia com vários hosts (padrão: automático; mais chips do que um host comporta geram um Job indexado, um pod por host).</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Google service account the Job runs as through GKE Workload Identity (NAME@PROJECT.iam.gserviceaccount.com; no keys).</source>
        <translation>Conta de serviço do Google com que o Job é executado pela Workload Identity do GKE (NOME@PROJETO.iam.gserviceaccount.com; sem chaves).</translation>
    </message>
    <message>
        <source>email</source>
        <translation>e-mail</translation>
    </message>
    <message>
        <source>Network the Job may connect to besides DNS, CIDR or CIDR:PORT (repeatable; a NetworkPolicy takes addresses, not host names).</source>
        <translation>Rede à qual o Job pode se conectar além do DNS, CIDR ou CIDR:PORTA (repetível; uma NetworkPolicy aceita endereços, não nomes de host).</translation>
    </message>
    <message>
        <source>cidr[:port]</source>
        <translation>cidr[:porta]</translation>
    </message>
    <message>
        <source>ServiceAccount the launcher&apos;s Role is bound to: NAME (in the Job&apos;s namespace) or NAMESPACE:NAME (default: no RoleBinding).</source>
        <translation>ServiceAccount à qual a Role do lançador é vinculada: NOME (no namespace do Job) ou NAMESPACE:NOME (padrão: nenhum RoleBinding).</translation>
    </message>
    <message>
        <source>--profile-steps must be a whole number from 0 to 10000</source>
        <translation>--profile-steps deve ser um número inteiro de 0 a 10000</translation>
    </message>
    <message>
        <source>Every run through the target profiles N calls after its steady phase (--profile-steps) unless it sets its own (default 0: none).</source>
        <translation>Toda execução por este alvo faz o perfil de N chamadas depois da fase estável (--profile-steps), a menos que defina o seu (padrão 0: nenhuma).</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>%1: JSON nested deeper than %2 levels</source>
        <translation>%1: JSON aninhado em mais de %2 níveis</translation>
    </message>
</context>
<context>
    <name>tp::AlertList</name>
    <message>
        <source>#%1</source>
        <translation>nº %1</translation>
    </message>
    <message>
        <source>#%1 %2</source>
        <translation>nº %1 %2</translation>
    </message>
    <message>
        <source>@ %1</source>
        <translation>@ %1</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Hora</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Execução</translation>
    </message>
    <message>
        <source>Alert</source>
        <translation>Alerta</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>O que aconteceu</translation>
    </message>
    <message>
        <source>run #%1</source>
        <translation>execução nº %1</translation>
    </message>
    <message>
        <source>%1 · %2 · %3: %4</source>
        <translation>%1 · %2 · %3: %4</translation>
    </message>
    <message>
        <source>run %1 on target %2</source>
        <translation>execução %1 no destino %2</translation>
    </message>
    <message>
        <source>no run; target %1</source>
        <translation>nenhuma execução; destino %1</translation>
    </message>
    <message>
        <source>Alerts — none raised (no progress, checkpoint late, quality drop, target unavailable)</source>
        <translation>Alertas — nenhum disparado (sem progresso, checkpoint atrasado, queda de qualidade, destino indisponível)</translation>
    </message>
    <message>
        <source>Alerts (%1)</source>
        <translation>Alertas (%1)</translation>
    </message>
</context>
<context>
    <name>tp::BreakEvenTable</name>
    <message>
        <source>Workload and shape</source>
        <translation>Carga e formato</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Candidato</translation>
    </message>
    <message>
        <source>Baseline first call</source>
        <translation>Primeira chamada da base</translation>
    </message>
    <message>
        <source>Candidate first call</source>
        <translation>Primeira chamada do candidato</translation>
    </message>
    <message>
        <source>Extra first call</source>
        <translation>Primeira chamada extra</translation>
    </message>
    <message>
        <source>Baseline steady</source>
        <translation>Estável da base</translation>
    </message>
    <message>
        <source>Candidate steady</source>
        <translation>Estável do candidato</translation>
    </message>
    <message>
        <source>Paid back</source>
        <translation>Compensado</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nunca</translation>
    </message>
    <message>
        <source>at once</source>
        <translation>de imediato</translation>
    </message>
    <message numerus="yes">
        <source>after %n call(s)</source>
        <translation>
            <numerusform>após %n chamada</numerusform>
            <numerusform>após %n chamadas</numerusform>
        </translation>
    </message>
    <message>
        <source>batch %1 × seq %2</source>
        <translation>lote %1 × seq %2</translation>
    </message>
    <message>
        <source>batch %1</source>
        <translation>lote %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Compile cost break-even&lt;/b&gt;: no shape measured on both sides of the pilot yet.</source>
        <translation>&lt;b&gt;Ponto de equilíbrio do custo de compilação&lt;/b&gt;: nenhum formato medido nos dois lados do piloto ainda.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Compile cost break-even&lt;/b&gt;: %1 against %2 — the candidate&apos;s extra first call, and after how many calls its steady state pays it back.</source>
        <translation>&lt;b&gt;Ponto de equilíbrio do custo de compilação&lt;/b&gt;: %1 contra %2 — a primeira chamada extra do candidato, e após quantas chamadas o seu regime estável a compensa.</translation>
    </message>
</context>
<context>
    <name>tp::CacheStateChart</name>
    <message>
        <source>First call: cold vs warm cache</source>
        <translation>Primeira chamada: cache frio vs quente</translation>
    </message>
    <message>
        <source>%1 · %2 · %3</source>
        <translation>%1 · %2 · %3</translation>
    </message>
    <message>
        <source>First call: cold vs warm cache — no first call measured for %1</source>
        <translation>Primeira chamada: cache frio vs quente — nenhuma primeira chamada medida para %1</translation>
    </message>
    <message>
        <source>First call: cold process vs warm cache — %1 (median)</source>
        <translation>Primeira chamada: processo frio vs cache quente — %1 (mediana)</translation>
    </message>
    <message>
        <source>First call by cache state — %1 (median; no %2 runs yet)</source>
        <translation>Primeira chamada por estado do cache — %1 (mediana; ainda sem execuções %2)</translation>
    </message>
    <message>
        <source>cold</source>
        <translation>frio</translation>
    </message>
    <message>
        <source>warm</source>
        <translation>quente</translation>
    </message>
    <message>
        <source>first call, %1 (log)</source>
        <translation>primeira chamada, %1 (log)</translation>
    </message>
    <message>
        <source>%1 n=%2</source>
        <translation>%1 n=%2</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>desconhecido</translation>
    </message>
    <message>
        <source>%1&lt;br&gt;%2</source>
        <translation>%1&lt;br&gt;%2</translation>
    </message>
    <message>
        <source>cache state not reported</source>
        <translation>estado do cache não informado</translation>
    </message>
</context>
<context>
    <name>tp::ChartPanel</name>
    <message>
        <source>run</source>
        <translation>execução</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 #%2</source>
        <translation>%1 nº %2</translation>
    </message>
</context>
<context>
    <name>tp::ChartsPage</name>
    <message>
        <source>Loading…</source>
        <translation>Carregando…</translation>
    </message>
    <message>
        <source>Histogram</source>
        <translation>Histograma</translation>
    </message>
    <message>
        <source>CDF</source>
        <translation>Acumulada (CDF)</translation>
    </message>
    <message>
        <source>How the latency distribution is drawn</source>
        <translation>Como a distribuição de latência é desenhada</translation>
    </message>
    <message>
        <source>Latency:</source>
        <translation>Latência:</translation>
    </message>
    <message>
        <source>Select a run on the Runs page to chart it with its siblings.</source>
        <translation>Selecione uma execução na página Execuções para vê-la no gráfico junto com as irmãs.</translation>
    </message>
    <message>
        <source>Cannot chart run %1: %2</source>
        <translation>Não foi possível gerar o gráfico da execução %1: %2</translation>
    </message>
    <message>
        <source>Charted: the selected run and the runs launched with the same run-key prefix (%1/…)</source>
        <translation>No gráfico: a execução selecionada e as execuções lançadas com o mesmo prefixo de chave (%1/…)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2 runs in the selection; %3 comparable (%4 · %5 · %6)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2 execuções na seleção; %3 comparáveis (%4 · %5 · %6)</translation>
    </message>
    <message>
        <source>Cannot compute the break-even: %1</source>
        <translation>Não foi possível calcular o ponto de equilíbrio: %1</translation>
    </message>
    <message>
        <source>No run has steady samples yet. Select a run on the Runs page to chart it with its siblings.</source>
        <translation>Nenhuma execução tem amostras estáveis ainda. Selecione uma execução na página Execuções para vê-la no gráfico junto com as irmãs.</translation>
    </message>
    <message>
        <source>Charted by default: the newest run with steady samples (the selected pilot&apos;s candidate side first) and the runs launched with the same run-key prefix (%1/…). Select a run on the Runs page to chart another.</source>
        <translation>No gráfico por padrão: a execução mais recente com amostras estáveis (primeiro as do lado candidato do piloto selecionado) e as execuções lançadas com o mesmo prefixo de chave (%1/…). Selecione uma execução na página Execuções para ver outra.</translation>
    </message>
</context>
<context>
    <name>tp::ColdWarmChart</name>
    <message>
        <source>No run selected</source>
        <translation>Nenhuma execução selecionada</translation>
    </message>
    <message>
        <source>First&lt;br&gt;call</source>
        <translation>Primeira&lt;br&gt;chamada</translation>
    </message>
    <message>
        <source>Warmup&lt;br&gt;mean</source>
        <translation>Média do&lt;br&gt;aquecimento</translation>
    </message>
    <message>
        <source>Steady&lt;br&gt;mean</source>
        <translation>Média&lt;br&gt;estável</translation>
    </message>
    <message>
        <source>Steady&lt;br&gt;p50</source>
        <translation>p50&lt;br&gt;estável</translation>
    </message>
    <message>
        <source>Steady&lt;br&gt;p99</source>
        <translation>p99&lt;br&gt;estável</translation>
    </message>
    <message>
        <source>%1 — time per batch</source>
        <translation>%1 — tempo por lote</translation>
    </message>
    <message>
        <source>%1 — first call is %2× the steady mean</source>
        <translation>%1 — a primeira chamada é %2× a média estável</translation>
    </message>
    <message>
        <source>%1 — no timings recorded</source>
        <translation>%1 — nenhuma medição de tempo registrada</translation>
    </message>
    <message>
        <source>Cold (first call)</source>
        <translation>Frio (primeira chamada)</translation>
    </message>
    <message>
        <source>Warmup</source>
        <translation>Aquecimento</translation>
    </message>
    <message>
        <source>Steady state</source>
        <translation>Regime estável</translation>
    </message>
    <message>
        <source>&lt;center&gt;%1&lt;br&gt;&lt;b&gt;%2&lt;/b&gt;&lt;/center&gt;</source>
        <translation type="vanished">&lt;center&gt;%1&lt;br&gt;&lt;b&gt;%2&lt;/b&gt;&lt;/center&gt;</translation>
    </message>
    <message>
        <source>time per batch (%1, log scale)</source>
        <translation>tempo por lote (%1, escala log)</translation>
    </message>
</context>
<context>
    <name>tp::CompareModel</name>
    <message>
        <source>Mean batch time</source>
        <translation>Tempo médio por lote</translation>
    </message>
    <message>
        <source>Median batch time</source>
        <translation>Tempo mediano por lote</translation>
    </message>
    <message>
        <source>p99 batch time</source>
        <translation>Tempo p99 por lote</translation>
    </message>
    <message>
        <source>Throughput (samples/s)</source>
        <translation>Vazão (amostras/s)</translation>
    </message>
    <message>
        <source>better</source>
        <translation>melhor</translation>
    </message>
    <message>
        <source>worse</source>
        <translation>pior</translation>
    </message>
    <message>
        <source>inconclusive</source>
        <translation>inconclusivo</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>sem dados</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>Tamanho do lote</translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation>Dtype</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <source>PyTorch version</source>
        <translation>Versão do PyTorch</translation>
    </message>
    <message>
        <source>Runner version</source>
        <translation>Versão do runner</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Dispositivo</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modo</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Carga de trabalho</translation>
    </message>
    <message>
        <source>Cache state</source>
        <translation>Estado do cache</translation>
    </message>
    <message>
        <source>BLAS</source>
        <translation>BLAS</translation>
    </message>
    <message>
        <source>CPU model</source>
        <translation>Modelo de CPU</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>Candidate / baseline: below 1 the candidate is faster</source>
        <translation>Candidato / referência: abaixo de 1, o candidato é mais rápido</translation>
    </message>
    <message>
        <source>Candidate / baseline: above 1 the candidate processes more samples per second</source>
        <translation>Candidato / referência: acima de 1, o candidato processa mais amostras por segundo</translation>
    </message>
    <message>
        <source>No interval: a side has fewer than two steady samples</source>
        <translation>Sem intervalo: um dos lados tem menos de duas amostras em regime estável</translation>
    </message>
    <message>
        <source>95 % percentile-bootstrap interval of the ratio (fixed seed, reproducible)</source>
        <translation>Intervalo bootstrap de percentis de 95 % da razão (semente fixa, reproduzível)</translation>
    </message>
    <message>
        <source>The interval contains 1: the evidence does not separate the two sides</source>
        <translation>O intervalo contém 1: a evidência não distingue os dois lados</translation>
    </message>
    <message>
        <source>Not enough steady samples on one side</source>
        <translation>Amostras em regime estável insuficientes em um dos lados</translation>
    </message>
    <message>
        <source>The whole interval lies on one side of 1</source>
        <translation>O intervalo inteiro fica de um lado de 1</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>Métrica</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Referência</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Candidato</translation>
    </message>
    <message>
        <source>Ratio</source>
        <translation>Razão</translation>
    </message>
    <message>
        <source>95 % CI</source>
        <translation>IC de 95 %</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Veredito</translation>
    </message>
    <message>
        <source>float32 matmul precision</source>
        <translation>Precisão de matmul float32</translation>
    </message>
</context>
<context>
    <name>tp::ComparePage</name>
    <message>
        <source>unknown</source>
        <translation>desconhecido</translation>
    </message>
    <message>
        <source>nothing in particular</source>
        <translation>nada em particular</translation>
    </message>
    <message>
        <source>Preset:</source>
        <translation>Preset:</translation>
    </message>
    <message>
        <source>Compared on purpose:</source>
        <translation>Comparado de propósito:</translation>
    </message>
    <message>
        <source>Baseline runs</source>
        <translation>Execuções de referência</translation>
    </message>
    <message>
        <source>Candidate runs</source>
        <translation>Execuções candidatas</translation>
    </message>
    <message>
        <source>Factor</source>
        <translation>Fator</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Referência</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Candidato</translation>
    </message>
    <message>
        <source>&lt;b&gt;Candidate / baseline&lt;/b&gt; (95 % bootstrap interval)</source>
        <translation>&lt;b&gt;Candidato / referência&lt;/b&gt; (intervalo bootstrap de 95 %)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Confounders&lt;/b&gt; — amber: differs, not the compared axis</source>
        <translation>&lt;b&gt;Fatores de confusão&lt;/b&gt; — âmbar: difere, não é o eixo comparado</translation>
    </message>
    <message>
        <source>Cannot read the runs: %1</source>
        <translation>Não foi possível ler as execuções: %1</translation>
    </message>
    <message>
        <source>Custom selection</source>
        <translation>Seleção personalizada</translation>
    </message>
    <message>
        <source>%1 vs %2 — %3, %4 (#%5 vs #%6)</source>
        <translation>%1 vs %2 — %3, %4 (nº %5 vs nº %6)</translation>
    </message>
    <message>
        <source>, valid</source>
        <translation>, válida</translation>
    </message>
    <message>
        <source>, invalid</source>
        <translation>, inválida</translation>
    </message>
    <message>
        <source>#%1  %2  (%3%4)</source>
        <translation>nº %1  %2  (%3%4)</translation>
    </message>
    <message>
        <source>Check at least one run on each side.</source>
        <translation>Marque pelo menos uma execução em cada lado.</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>Comparando…</translation>
    </message>
    <message>
        <source>Baseline %1: %2 steady samples; candidate %3: %4 steady samples. %5 bootstrap resamples of at most %6 samples per side, fixed seed.</source>
        <translation>Referência %1: %2 amostras em regime estável; candidato %3: %4 amostras em regime estável. %5 reamostragens bootstrap de no máximo %6 amostras por lado, semente fixa.</translation>
    </message>
    <message>
        <source>Not like for like: see the amber confounders</source>
        <translation>Comparação desigual: veja os fatores de confusão em âmbar</translation>
    </message>
    <message>
        <source>Like for like: only the compared axis differs</source>
        <translation>Comparação equivalente: só o eixo comparado difere</translation>
    </message>
    <message>
        <source>mixed within a side</source>
        <translation>misturado dentro de um lado</translation>
    </message>
    <message>
        <source>differs (the compared axis)</source>
        <translation>difere (o eixo comparado)</translation>
    </message>
    <message>
        <source>differs</source>
        <translation>difere</translation>
    </message>
    <message>
        <source>same</source>
        <translation>igual</translation>
    </message>
    <message>
        <source>allowed: %1</source>
        <translation>permitido: %1</translation>
    </message>
    <message>
        <source>Pilot “%1”: %2 vs %3 (#%4 vs #%5)</source>
        <translation>Piloto “%1”: %2 vs %3 (#%4 vs #%5)</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>Comparação</translation>
    </message>
    <message>
        <source>Top operators</source>
        <translation>Principais operadores</translation>
    </message>
    <message>
        <source>Throughput within the SLO</source>
        <translation>Vazão dentro do SLO</translation>
    </message>
    <message>
        <source>No server-scenario run on either side: torchpilot peak, or the pilot&apos;s serving step, measures the curves.</source>
        <translation>Nenhuma execução do cenário server em nenhum dos lados: torchpilot peak, ou a etapa de serving do piloto, mede as curvas.</translation>
    </message>
    <message>
        <source>No checked run is a server-scenario run: the curves are the selected pilot&apos;s sides&apos; (torchpilot peak, or the pilot&apos;s serving step, measures them).</source>
        <translation>Nenhuma execução marcada é do cenário server: as curvas são as dos lados do piloto selecionado (torchpilot peak, ou a etapa de serving do piloto, as mede).</translation>
    </message>
    <message>
        <source>The checked server-scenario runs of each side: completed QPS against latency, each side&apos;s peak within the SLO ringed.</source>
        <translation>As execuções marcadas do cenário server de cada lado: QPS concluídas contra latência, com o pico de cada lado dentro do SLO circulado.</translation>
    </message>
    <message>
        <source>End to end</source>
        <translation>Ponta a ponta</translation>
    </message>
</context>
<context>
    <name>tp::CostModelEditor</name>
    <message>
        <source>Baseline</source>
        <translation>Referência</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Candidato</translation>
    </message>
    <message>
        <source>How to return to the current path, e.g. “redeploy image serving-gpu:1.42 with the GPU node pool; runbook OPS-118”</source>
        <translation>Como voltar ao caminho atual, p. ex. “reimplantar a imagem serving-gpu:1.42 com o pool de nós de GPU; runbook OPS-118”</translation>
    </message>
    <message>
        <source>The operations gate needs a rollback path recorded by a reviewer</source>
        <translation>O portão de operações precisa de um caminho de rollback registrado por um revisor</translation>
    </message>
    <message>
        <source>Cost models (prices per hour of execution)</source>
        <translation>Modelos de custo (preços por hora de execução)</translation>
    </message>
    <message>
        <source>&amp;Save inputs</source>
        <translation>&amp;Salvar entradas</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>Reverter</translation>
    </message>
    <message>
        <source>Result over the runs the gate definitions select</source>
        <translation>Resultado sobre as execuções que as definições dos portões selecionam</translation>
    </message>
    <message>
        <source>Rollback path:</source>
        <translation>Caminho de rollback:</translation>
    </message>
    <message>
        <source>Cannot use the cost presets: %1</source>
        <translation>Não foi possível usar os presets de custo: %1</translation>
    </message>
    <message>
        <source>No database to save to</source>
        <translation>Nenhum banco de dados onde salvar</translation>
    </message>
    <message>
        <source>Cannot save: %1</source>
        <translation>Não foi possível salvar: %1</translation>
    </message>
    <message>
        <source>Unsaved changes: the gates still judge with the stored inputs.</source>
        <translation>Alterações não salvas: os portões ainda julgam com as entradas armazenadas.</translation>
    </message>
    <message>
        <source>Saved in the database: the gates, the CLI and the report use these inputs.</source>
        <translation>Salvo no banco de dados: os portões, a CLI e o relatório usam estas entradas.</translation>
    </message>
</context>
<context>
    <name>tp::CostModelFields</name>
    <message>
        <source>Accelerator per hour</source>
        <translation>Acelerador por hora</translation>
    </message>
    <message>
        <source>Host per hour</source>
        <translation>Host por hora</translation>
    </message>
    <message>
        <source>Storage per hour</source>
        <translation>Armazenamento por hora</translation>
    </message>
    <message>
        <source>Network per hour</source>
        <translation>Rede por hora</translation>
    </message>
    <message>
        <source>Observability per hour</source>
        <translation>Observabilidade por hora</translation>
    </message>
    <message>
        <source>Preparation</source>
        <translation>Preparação</translation>
    </message>
    <message>
        <source>Idle time</source>
        <translation>Tempo ocioso</translation>
    </message>
    <message>
        <source>Spot discount</source>
        <translation>Desconto Spot</translation>
    </message>
    <message>
        <source>Preemptions per hour</source>
        <translation>Preempções por hora</translation>
    </message>
    <message>
        <source>Lost work per preemption</source>
        <translation>Trabalho perdido por preempção</translation>
    </message>
    <message>
        <source>Resume time per preemption</source>
        <translation>Tempo de retomada por preempção</translation>
    </message>
    <message>
        <source>Migration engineering</source>
        <translation>Engenharia de migração</translation>
    </message>
    <message>
        <source>Amortized over results</source>
        <translation>Amortizada sobre os resultados</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>Preset</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>Moeda</translation>
    </message>
    <message>
        <source>Spot / preemptible capacity</source>
        <translation>Capacidade Spot / preemptível</translation>
    </message>
    <message>
        <source>Unchecked: no cost model for this side, the cost gate stays insufficient</source>
        <translation>Desmarcado: sem modelo de custo para este lado, o portão de custo fica insuficiente</translation>
    </message>
    <message>
        <source>enabled</source>
        <translation>ativado</translation>
    </message>
    <message>
        <source>no presets</source>
        <translation>nenhum preset</translation>
    </message>
    <message>
        <source>Load a preset…</source>
        <translation>Carregar um preset…</translation>
    </message>
</context>
<context>
    <name>tp::CostResultView</name>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>&lt;b&gt;Sensitivity&lt;/b&gt; — cost per useful result with one price ±25 %</source>
        <translation>&lt;b&gt;Sensibilidade&lt;/b&gt; — custo por resultado útil com um preço ±25 %</translation>
    </message>
    <message>
        <source>Accelerator</source>
        <translation>Acelerador</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>Storage</source>
        <translation>Armazenamento</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>Rede</translation>
    </message>
    <message>
        <source>Observability</source>
        <translation>Observabilidade</translation>
    </message>
    <message>
        <source>All prices</source>
        <translation>Todos os preços</translation>
    </message>
    <message>
        <source>Per side</source>
        <translation>Por lado</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Referência</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Candidato</translation>
    </message>
    <message>
        <source>not configured</source>
        <translation>não configurado</translation>
    </message>
    <message>
        <source>Cost per useful result</source>
        <translation>Custo por resultado útil</translation>
    </message>
    <message>
        <source>Total attributed cost</source>
        <translation>Custo total atribuído</translation>
    </message>
    <message>
        <source>Useful results</source>
        <translation>Resultados úteis</translation>
    </message>
    <message>
        <source>Runs: useful / lost</source>
        <translation>Execuções: úteis / perdidas</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Run time (compilation inside)</source>
        <translation>Tempo de execução (compilação incluída)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Billed time</source>
        <translation>Tempo faturado</translation>
    </message>
    <message>
        <source>Amortized migration per result</source>
        <translation>Migração amortizada por resultado</translation>
    </message>
    <message>
        <source>Spot: on-demand cost</source>
        <translation>Spot: custo sob demanda</translation>
    </message>
    <message>
        <source>Spot: net savings</source>
        <translation>Spot: economia líquida</translation>
    </message>
    <message>
        <source>The candidate costs &lt;b&gt;%1 % less&lt;/b&gt; per useful result than the baseline.</source>
        <translation>O candidato custa &lt;b&gt;%1 % menos&lt;/b&gt; por resultado útil que a referência.</translation>
    </message>
    <message>
        <source>The candidate costs &lt;b&gt;%1 % more&lt;/b&gt; per useful result than the baseline.</source>
        <translation>O candidato custa &lt;b&gt;%1 % mais&lt;/b&gt; por resultado útil que a referência.</translation>
    </message>
    <message>
        <source>Configure a cost model for both sides to judge the cost gate.</source>
        <translation>Configure um modelo de custo para os dois lados para julgar o portão de custo.</translation>
    </message>
    <message>
        <source>A side has no useful result: the cost per useful result cannot be compared.</source>
        <translation>Um dos lados não tem resultado útil: o custo por resultado útil não pode ser comparado.</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Preço</translation>
    </message>
    <message>
        <source>Baseline −25 %</source>
        <translation>Referência −25 %</translation>
    </message>
    <message>
        <source>Baseline +25 %</source>
        <translation>Referência +25 %</translation>
    </message>
    <message>
        <source>Candidate −25 %</source>
        <translation>Candidato −25 %</translation>
    </message>
    <message>
        <source>Candidate +25 %</source>
        <translation>Candidato +25 %</translation>
    </message>
    <message>
        <source>of which preparation</source>
        <translation>dos quais preparação</translation>
    </message>
    <message>
        <source>of which idle time</source>
        <translation>dos quais tempo ocioso</translation>
    </message>
    <message>
        <source>of which compilation</source>
        <translation>dos quais compilação</translation>
    </message>
    <message>
        <source>of which lost attempts</source>
        <translation>dos quais tentativas perdidas</translation>
    </message>
    <message>
        <source>of which Spot overhead</source>
        <translation>dos quais custo extra do Spot</translation>
    </message>
</context>
<context>
    <name>tp::DecisionBanner</name>
    <message>
        <source>Evaluating the gates…</source>
        <translation>Avaliando os portões…</translation>
    </message>
    <message>
        <source>&lt;b&gt;Migrate to the candidate&lt;/b&gt; — every gate passes on valid evidence.</source>
        <translation>&lt;b&gt;Migrar para o candidato&lt;/b&gt; — todos os portões são aprovados com evidência válida.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Keep the current path&lt;/b&gt; — failed: %1.</source>
        <translation>&lt;b&gt;Manter o caminho atual&lt;/b&gt; — reprovados: %1.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Inconclusive ⇒ keep the current path&lt;/b&gt; — not enough evidence for: %1.</source>
        <translation>&lt;b&gt;Inconclusivo ⇒ manter o caminho atual&lt;/b&gt; — evidência insuficiente para: %1.</translation>
    </message>
    <message>
        <source>Evidence &lt;code&gt;%1&lt;/code&gt;</source>
        <translation>Evidência &lt;code&gt;%1&lt;/code&gt;</translation>
    </message>
    <message>
        <source>SHA-256 of the evidence document (%1):
%2</source>
        <translation>SHA-256 do documento de evidência (%1):
%2</translation>
    </message>
    <message>
        <source>Last recorded decision: &lt;b&gt;%1&lt;/b&gt; on %2 by %3 (%4) — %5</source>
        <translation>Última decisão registrada: &lt;b&gt;%1&lt;/b&gt; em %2 por %3 (%4) — %5</translation>
    </message>
    <message>
        <source>the evidence has not changed since</source>
        <translation>a evidência não mudou desde então</translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) in the evidence since</source>
        <translation>
            <numerusform>%n mudança na evidência desde então</numerusform>
            <numerusform>%n mudanças na evidência desde então</numerusform>
        </translation>
    </message>
    <message>
        <source>No decision recorded yet: sign off each gate, then record the decision.</source>
        <translation>Nenhuma decisão registrada ainda: assine cada portão e depois registre a decisão.</translation>
    </message>
    <message numerus="yes">
        <source>%n pending sign-off(s)</source>
        <translation>
            <numerusform>%n assinatura pendente</numerusform>
            <numerusform>%n assinaturas pendentes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>⚠ %n signed against older evidence</source>
        <translation>
            <numerusform>⚠ %n assinada com evidência mais antiga</numerusform>
            <numerusform>⚠ %n assinadas com evidência mais antiga</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tp::EndToEndChart</name>
    <message>
        <source>waiting for capacity</source>
        <translation>espera por capacidade</translation>
    </message>
    <message>
        <source>attempts lost</source>
        <translation>tentativas perdidas</translation>
    </message>
    <message>
        <source>preparation</source>
        <translation>preparação</translation>
    </message>
    <message>
        <source>compile</source>
        <translation>compilação</translation>
    </message>
    <message>
        <source>warm-up</source>
        <translation>aquecimento</translation>
    </message>
    <message>
        <source>steady compute</source>
        <translation>computação estável</translation>
    </message>
    <message>
        <source>checkpoints</source>
        <translation>checkpoints</translation>
    </message>
    <message>
        <source>other (start, checks, exit)</source>
        <translation>outros (início, verificações, saída)</translation>
    </message>
    <message>
        <source>unknown platform</source>
        <translation>plataforma desconhecida</translation>
    </message>
    <message>
        <source>End to end: no execution with a wall clock</source>
        <translation>Ponta a ponta: nenhuma execução com tempo de relógio</translation>
    </message>
    <message>
        <source>End to end: where the executions&apos; time went</source>
        <translation>Ponta a ponta: para onde foi o tempo das execuções</translation>
    </message>
    <message numerus="yes">
        <source>%1&lt;br&gt;%n execution(s), %2 %3</source>
        <translation>
            <numerusform>%1&lt;br&gt;%n execução, %2 %3</numerusform>
            <numerusform>%1&lt;br&gt;%n execuções, %2 %3</numerusform>
        </translation>
    </message>
    <message>
        <source>wall time, %1</source>
        <translation>tempo de relógio, %1</translation>
    </message>
</context>
<context>
    <name>tp::FileActions</name>
    <message>
        <source>TorchPilot databases (*.sqlite *.db *.torchpilot);;All files (*)</source>
        <translation>Bancos do TorchPilot (*.sqlite *.db *.torchpilot);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <source>&amp;Open database…</source>
        <translation>&amp;Abrir banco de dados…</translation>
    </message>
    <message>
        <source>Open an existing TorchPilot database in a window of its own</source>
        <translation>Abrir um banco de dados do TorchPilot existente em uma janela própria</translation>
    </message>
    <message>
        <source>New &amp;database…</source>
        <translation>Novo &amp;banco de dados…</translation>
    </message>
    <message>
        <source>Create an empty TorchPilot database and open it</source>
        <translation>Criar um banco de dados do TorchPilot vazio e abri-lo</translation>
    </message>
    <message>
        <source>&amp;Import results…</source>
        <translation>&amp;Importar resultados…</translation>
    </message>
    <message>
        <source>Import runner contract streams (.jsonl, .tprun) and result files (.json) into this database</source>
        <translation>Importar fluxos do contrato do runner (.jsonl, .tprun) e arquivos de resultado (.json) para este banco de dados</translation>
    </message>
    <message>
        <source>Open database</source>
        <translation>Abrir banco de dados</translation>
    </message>
    <message>
        <source>New database</source>
        <translation>Novo banco de dados</translation>
    </message>
    <message>
        <source>Import results</source>
        <translation>Importar resultados</translation>
    </message>
    <message>
        <source>Runner results (*.jsonl *.json *.tprun);;All files (*)</source>
        <translation>Resultados do runner (*.jsonl *.json *.tprun);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <source>“%1” does not exist or is not a file.</source>
        <translation>“%1” não existe ou não é um arquivo.</translation>
    </message>
    <message>
        <source>Cannot open database</source>
        <translation>Não foi possível abrir o banco de dados</translation>
    </message>
    <message>
        <source>“%1” already exists. A new database never replaces a file: choose another name, or open it with File ▸ Open database….</source>
        <translation>“%1” já existe. Um banco novo nunca substitui um arquivo: escolha outro nome ou abra-o com Arquivo ▸ Abrir banco de dados….</translation>
    </message>
    <message>
        <source>Cannot create database</source>
        <translation>Não foi possível criar o banco de dados</translation>
    </message>
    <message>
        <source>The folder “%1” does not exist.</source>
        <translation>A pasta “%1” não existe.</translation>
    </message>
    <message>
        <source>No database is open to import into.</source>
        <translation>Nenhum banco de dados aberto para receber a importação.</translation>
    </message>
    <message>
        <source>Cannot import</source>
        <translation>Não foi possível importar</translation>
    </message>
    <message>
        <source>No file to import.</source>
        <translation>Nenhum arquivo para importar.</translation>
    </message>
    <message>
        <source>Not a file: %1</source>
        <translation>Não é um arquivo: %1</translation>
    </message>
    <message numerus="yes">
        <source>Importing %n file(s)…</source>
        <translation>
            <numerusform>Importando %n arquivo…</numerusform>
            <numerusform>Importando %n arquivos…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tp::FileImporter</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>tp::GateChecklistModel</name>
    <message>
        <source>+%1 more</source>
        <translation>+%1 outras</translation>
    </message>
    <message>
        <source>⚠ %1 — signed against older evidence</source>
        <translation>⚠ %1 — assinado com evidência mais antiga</translation>
    </message>
    <message>
        <source>✔ %1, %2</source>
        <translation>✔ %1, %2</translation>
    </message>
    <message>
        <source>%1 (last decision)</source>
        <translation>%1 (última decisão)</translation>
    </message>
    <message>
        <source>not signed off</source>
        <translation>sem assinatura</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>Runs used as evidence: %1</source>
        <translation>Execuções usadas como evidência: %1</translation>
    </message>
    <message>
        <source>Right-click or use “Sign off…” to sign this gate off</source>
        <translation>Clique com o botão direito ou use “Assinar…” para assinar este portão</translation>
    </message>
    <message>
        <source>%1 signed off on %2 against evidence %3</source>
        <translation>%1 assinou em %2 com a evidência %3</translation>
    </message>
    <message>
        <source>The evidence changed since (now %1): sign off again.</source>
        <translation>A evidência mudou desde então (agora %1): assine novamente.</translation>
    </message>
    <message>
        <source>Gate / criterion</source>
        <translation>Portão / critério</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Veredito</translation>
    </message>
    <message>
        <source>What was measured</source>
        <translation>O que foi medido</translation>
    </message>
    <message>
        <source>Evidence runs</source>
        <translation>Execuções de evidência</translation>
    </message>
    <message>
        <source>Sign-off</source>
        <translation>Assinatura</translation>
    </message>
    <message>
        <source>Compatibility</source>
        <translation>Compatibilidade</translation>
    </message>
    <message>
        <source>Correctness and precision</source>
        <translation>Corretude e precisão</translation>
    </message>
    <message>
        <source>Performance</source>
        <translation>Desempenho</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>Operações</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Custo</translation>
    </message>
    <message>
        <source>Shape catalog in every required mode</source>
        <translation>Catálogo de formatos em todos os modos exigidos</translation>
    </message>
    <message>
        <source>No unsupported-operation failures</source>
        <translation>Nenhuma falha por operação não suportada</translation>
    </message>
    <message>
        <source>Outputs are finite</source>
        <translation>As saídas são finitas</translation>
    </message>
    <message>
        <source>Precision within the policy</source>
        <translation>Precisão dentro da política</translation>
    </message>
    <message>
        <source>Loss curve within tolerance</source>
        <translation>Curva de loss dentro da tolerância</translation>
    </message>
    <message>
        <source>p99 latency within the SLO</source>
        <translation>Latência p99 dentro do SLO</translation>
    </message>
    <message>
        <source>Throughput versus the baseline</source>
        <translation type="vanished">Vazão em relação à referência</translation>
    </message>
    <message>
        <source>Cold start and recompilation reported</source>
        <translation>Partida a frio e recompilação informadas</translation>
    </message>
    <message>
        <source>Checkpoint resume within RPO and RTO</source>
        <translation>Retomada do checkpoint dentro do RPO e do RTO</translation>
    </message>
    <message>
        <source>No no-progress alerts</source>
        <translation>Nenhum alerta de falta de progresso</translation>
    </message>
    <message>
        <source>Rollback path recorded</source>
        <translation>Caminho de rollback registrado</translation>
    </message>
    <message>
        <source>Cost per useful result not worse</source>
        <translation>Custo por resultado útil não pior</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>aprovado</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>reprovado</translation>
    </message>
    <message>
        <source>insufficient</source>
        <translation>insuficiente</translation>
    </message>
    <message>
        <source>1 criterion</source>
        <translation>1 critério</translation>
    </message>
    <message>
        <source>%1 criteria</source>
        <translation>%1 critérios</translation>
    </message>
    <message>
        <source>Distributed recovery: one rank lost, group resumed</source>
        <translation>Recuperação distribuída: um rank perdido, grupo retomado</translation>
    </message>
    <message>
        <source>No host round-trips beyond the baseline&apos;s</source>
        <translation>Nenhuma ida e volta ao host além das da linha de base</translation>
    </message>
    <message>
        <source>Closed-loop throughput versus the baseline</source>
        <translation>Vazão em laço fechado versus o baseline</translation>
    </message>
    <message>
        <source>Throughput within the SLO (peak QPS)</source>
        <translation>Vazão dentro do SLO (pico de QPS)</translation>
    </message>
    <message>
        <source>Probes cover the measured time to ready</source>
        <translation>Probes cobrem o tempo medido até ficar pronto</translation>
    </message>
    <message>
        <source>Batch job: the whole catalog inside its window</source>
        <translation>Job em lote: o catálogo inteiro dentro da janela</translation>
    </message>
    <message>
        <source>Retrieval: recall@k of the frozen sample against the baseline</source>
        <translation>Recuperação: recall@k da amostra congelada contra a linha de base</translation>
    </message>
</context>
<context>
    <name>tp::GateChecklistView</name>
    <message>
        <source>Sign off “%1”…</source>
        <translation>Assinar “%1”…</translation>
    </message>
    <message numerus="yes">
        <source>Show the %n evidence run(s)</source>
        <translation>
            <numerusform>Mostrar a %n execução de evidência</numerusform>
            <numerusform>Mostrar as %n execuções de evidência</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tp::HelpMenu</name>
    <message>
        <source>&amp;Help</source>
        <translation>Aj&amp;uda</translation>
    </message>
    <message>
        <source>&amp;About TorchPilot…</source>
        <translation>&amp;Sobre o TorchPilot…</translation>
    </message>
    <message>
        <source>What TorchPilot is, and the versions it runs with</source>
        <translation>O que é o TorchPilot e as versões com que ele roda</translation>
    </message>
    <message>
        <source>About &amp;Qt…</source>
        <translation>Sobre o &amp;Qt…</translation>
    </message>
    <message>
        <source>TorchPilot helps a team decide, with measured evidence, whether a PyTorch workload should move from GPU to TPU.</source>
        <translation>O TorchPilot ajuda uma equipe a decidir, com evidências medidas, se um workload PyTorch deve migrar de GPU para TPU.</translation>
    </message>
    <message>
        <source>About TorchPilot</source>
        <translation>Sobre o TorchPilot</translation>
    </message>
</context>
<context>
    <name>tp::JobPreviewDialog</name>
    <message>
        <source>Kubernetes Job preview — %1</source>
        <translation>Prévia do Job do Kubernetes — %1</translation>
    </message>
    <message numerus="yes">
        <source>%n Job(s) in namespace %1 on %2 (topology %3, %4 TPU chip(s) each): %5</source>
        <translation>
            <numerusform>%n Job no namespace %1 em %2 (topologia %3, %4 chip(s) de TPU cada): %5</numerusform>
            <numerusform>%n Jobs no namespace %1 em %2 (topologia %3, %4 chip(s) de TPU cada): %5</numerusform>
        </translation>
    </message>
    <message>
        <source>Submit</source>
        <translation>Enviar</translation>
    </message>
    <message>
        <source>Export YAML…</source>
        <translation>Exportar YAML…</translation>
    </message>
    <message>
        <source>Export Job YAML</source>
        <translation>Exportar YAML do Job</translation>
    </message>
    <message>
        <source>YAML (*.yaml *.yml)</source>
        <translation>YAML (*.yaml *.yml)</translation>
    </message>
    <message>
        <source>Cannot export</source>
        <translation>Não foi possível exportar</translation>
    </message>
    <message>
        <source>Cannot write &apos;%1&apos;: %2</source>
        <translation type="vanished">Não foi possível gravar &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>Kubernetes target</source>
        <translation>Destino Kubernetes</translation>
    </message>
    <message numerus="yes">
        <source>%n Indexed Job(s) in namespace %1 on %2 (topology %3: %4 hosts of %5 TPU chip(s), one pod each, rendezvous through the headless Service of each Job): %6</source>
        <translation>
            <numerusform>%n Job indexado no namespace %1 em %2 (topologia %3: %4 hosts de %5 chip(s) TPU, um pod cada, rendezvous pelo Service headless de cada Job): %6</numerusform>
            <numerusform>%n Jobs indexados no namespace %1 em %2 (topologia %3: %4 hosts de %5 chip(s) TPU, um pod cada, rendezvous pelo Service headless de cada Job): %6</numerusform>
        </translation>
    </message>
    <message>
        <source>DNS</source>
        <translation>DNS</translation>
    </message>
    <message>
        <source>%1 port %2</source>
        <translation>%1 porta %2</translation>
    </message>
    <message>
        <source>the GKE metadata server (Workload Identity)</source>
        <translation>o servidor de metadados do GKE (Workload Identity)</translation>
    </message>
    <message>
        <source>the artifact destinations %1</source>
        <translation>os destinos de artefatos %1</translation>
    </message>
    <message>
        <source>the Job&apos;s own pods</source>
        <translation>os próprios pods do Job</translation>
    </message>
    <message>
        <source>bound to no one (the target names no launcher_service_account)</source>
        <translation>vinculada a ninguém (o destino não indica launcher_service_account)</translation>
    </message>
    <message>
        <source>bound to ServiceAccount %1/%2</source>
        <translation>vinculada à ServiceAccount %1/%2</translation>
    </message>
    <message>
        <source>Applied in this order: %1.</source>
        <translation>Aplicados nesta ordem: %1.</translation>
    </message>
    <message>
        <source>Security baseline: the pods run as ServiceAccount %1 %2; NetworkPolicy %3 lets them reach only %4, and lets in %5; Role %6 (what the launcher does: create, get and delete Jobs, read pods, their logs and events, remove the Job&apos;s NetworkPolicy and Service) is %7.</source>
        <translation>Linha de base de segurança: os pods rodam como ServiceAccount %1 %2; a NetworkPolicy %3 só os deixa alcançar %4 e deixa entrar %5; a Role %6 (o que o lançador faz: criar, obter e excluir Jobs, ler pods, seus logs e eventos, remover a NetworkPolicy e o Service do Job) está %7.</translation>
    </message>
    <message>
        <source>acting as %1 through Workload Identity (no keys)</source>
        <translation>agindo como %1 pela Workload Identity (sem chaves)</translation>
    </message>
    <message>
        <source>without a Google identity (the metadata server is unreachable)</source>
        <translation>sem identidade do Google (o servidor de metadados fica inalcançável)</translation>
    </message>
    <message>
        <source>only the Job&apos;s own pods (the rendezvous)</source>
        <translation>só os próprios pods do Job (o rendezvous)</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nada</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Jobs</translation>
    </message>
    <message>
        <source>Reading the time to ready of the candidate&apos;s runs…</source>
        <translation>Lendo o tempo até ficar pronto das execuções do candidato…</translation>
    </message>
    <message>
        <source>Export Deployment YAML…</source>
        <translation>Exportar YAML do Deployment…</translation>
    </message>
    <message>
        <source>Export serving Deployment YAML</source>
        <translation>Exportar YAML do Deployment de serving</translation>
    </message>
    <message>
        <source>Serving Deployment (probes from the evidence)</source>
        <translation>Deployment de serving (probes a partir das evidências)</translation>
    </message>
    <message>
        <source>The database cannot be read: %1</source>
        <translation>O banco não pode ser lido: %1</translation>
    </message>
    <message>
        <source>The probes the selected pilot declares (%1 cold starts measured; the operations gate checks them against their time to ready). Replace the image with your model server&apos;s.</source>
        <translation>As probes que o piloto selecionado declara (%1 inícios frios medidos; o gate de operações as confere contra o tempo até ficar pronto). Substitua a imagem pela do seu servidor de modelo.</translation>
    </message>
    <message>
        <source>Probes proposed from %1 cold starts of the candidate side: the startupProbe covers 1.5× their p99 time to ready. Replace the image with your model server&apos;s.</source>
        <translation>Probes propostas a partir de %1 inícios frios do lado candidato: a startupProbe cobre 1,5× o p99 do tempo até ficar pronto. Substitua a imagem pela do seu servidor de modelo.</translation>
    </message>
    <message>
        <source>No probes to write: the pilot declares none and %1 cold start(s) are too few to propose them (%2 needed).</source>
        <translation>Nenhuma probe a escrever: o piloto não declara nenhuma e %1 início(s) frio(s) são poucos para propô-las (%2 necessários).</translation>
    </message>
</context>
<context>
    <name>tp::KubeLauncher</name>
    <message>
        <source>cannot start kubectl &apos;%1&apos;: %2</source>
        <translation>não foi possível iniciar o kubectl &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>kubectl apply failed: %1</source>
        <translation>o kubectl apply falhou: %1</translation>
    </message>
    <message>
        <source>kubectl get pods failed: %1</source>
        <translation>o kubectl get pods falhou: %1</translation>
    </message>
    <message>
        <source>pod %1 did not start: %2 %3</source>
        <translation>o pod %1 não iniciou: %2 %3</translation>
    </message>
    <message>
        <source>waiting for capacity: pod %1 is %2 %3</source>
        <translation>aguardando capacidade: o pod %1 está %2 %3</translation>
    </message>
    <message>
        <source>Job failed: %1 %2</source>
        <translation>o Job falhou: %1 %2</translation>
    </message>
    <message>
        <source>cancelled before the pod started</source>
        <translation>cancelada antes de o pod iniciar</translation>
    </message>
    <message>
        <source>cancelled: kubectl did not finish within %1 ms</source>
        <translation>cancelada: o kubectl não terminou em %1 ms</translation>
    </message>
    <message>
        <source>waiting for the Job&apos;s pods: %1 of %2 started</source>
        <translation>aguardando os pods do Job: %1 de %2 iniciados</translation>
    </message>
    <message>
        <source>pod %1: %2</source>
        <translation>pod %1: %2</translation>
    </message>
    <message>
        <source>pod %1: cannot store the run&apos;s output: %2</source>
        <translation>pod %1: não foi possível armazenar a saída da execução: %2</translation>
    </message>
    <message>
        <source>the log stream of pod %1 ended before its run_finished</source>
        <translation>o fluxo de log do pod %1 terminou antes do seu run_finished</translation>
    </message>
    <message>
        <source>rank %1 (pod %2): cannot store its run: %3</source>
        <translation>rank %1 (pod %2): não foi possível armazenar sua execução: %3</translation>
    </message>
    <message>
        <source>rank %1 (pod %2) produced no run</source>
        <translation>rank %1 (pod %2) não produziu nenhuma execução</translation>
    </message>
    <message>
        <source>rank %1 (pod %2) ended %3</source>
        <translation>rank %1 (pod %2) terminou %3</translation>
    </message>
    <message>
        <source>rank %1 (pod %2) ended %3: %4</source>
        <translation>rank %1 (pod %2) terminou %3: %4</translation>
    </message>
</context>
<context>
    <name>tp::LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Idioma</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <comment>language: follow the system locale</comment>
        <translation>&amp;Sistema</translation>
    </message>
    <message>
        <source>Follow the system locale (LANG, LC_ALL, LANGUAGE)</source>
        <translation>Seguir o idioma do sistema (LANG, LC_ALL, LANGUAGE)</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <source>The new language applies the next time TorchPilot starts.</source>
        <translation>O novo idioma vale a partir da próxima vez que o TorchPilot for iniciado.</translation>
    </message>
</context>
<context>
    <name>tp::LatencyChart</name>
    <message>
        <source>Latency distribution</source>
        <translation>Distribuição de latência</translation>
    </message>
    <message>
        <source>%1 — no steady-state samples stored</source>
        <translation>%1 — nenhuma amostra de regime estável armazenada</translation>
    </message>
    <message>
        <source>Steady-state latency — %1 (%2 samples)</source>
        <translation>Latência em regime estável — %1 (%2 amostras)</translation>
    </message>
    <message>
        <source>steady samples per bin</source>
        <translation>amostras em regime estável por faixa</translation>
    </message>
    <message>
        <source>time per batch (%1, log scale; log-spaced bins)</source>
        <translation>tempo por lote (%1, escala log; faixas em espaçamento log)</translation>
    </message>
    <message>
        <source>time per batch (%1)</source>
        <translation>tempo por lote (%1)</translation>
    </message>
    <message>
        <source>samples</source>
        <translation>amostras</translation>
    </message>
    <message>
        <source>fraction of steady samples ≤ x</source>
        <translation>fração das amostras em regime estável ≤ x</translation>
    </message>
    <message>
        <source>time per batch (%1, log scale)</source>
        <translation>tempo por lote (%1, escala log)</translation>
    </message>
    <message>
        <source>% of samples ≤ x</source>
        <translation>% das amostras ≤ x</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
</context>
<context>
    <name>tp::LaunchDialog</name>
    <message>
        <source>New benchmark runs</source>
        <translation>Novas execuções de benchmark</translation>
    </message>
    <message>
        <source>MLP (the article&apos;s 128→256→32)</source>
        <translation>MLP (o 128→256→32 do artigo)</translation>
    </message>
    <message>
        <source>Transformer encoder</source>
        <translation>Encoder Transformer</translation>
    </message>
    <message>
        <source>TorchScript model file</source>
        <translation>Arquivo de modelo TorchScript</translation>
    </message>
    <message>
        <source>Training: MLP</source>
        <translation>Treino: MLP</translation>
    </message>
    <message>
        <source>Training: encoder</source>
        <translation>Treino: encoder</translation>
    </message>
    <message>
        <source>eager</source>
        <translation>eager</translation>
    </message>
    <message>
        <source>compiled (TorchScript, frozen)</source>
        <translation>compilado (TorchScript, congelado)</translation>
    </message>
    <message>
        <source>float32</source>
        <translation>float32</translation>
    </message>
    <message>
        <source>bfloat16</source>
        <translation>bfloat16</translation>
    </message>
    <message>
        <source>Encoder workloads only</source>
        <translation>Somente cargas de trabalho encoder</translation>
    </message>
    <message>
        <source>e.g. float32[64,128];int64[64,16]</source>
        <translation>p. ex. float32[64,128];int64[64,16]</translation>
    </message>
    <message>
        <source>optional: JSON file of shapes</source>
        <translation>opcional: arquivo JSON de formatos</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Padrão</translation>
    </message>
    <message>
        <source>Use the shipped catalog %1</source>
        <translation>Usar o catálogo que acompanha o programa, %1</translation>
    </message>
    <message>
        <source>What to run</source>
        <translation>O que executar</translation>
    </message>
    <message>
        <source>&amp;Workload:</source>
        <translation>&amp;Carga de trabalho:</translation>
    </message>
    <message>
        <source>Modes:</source>
        <translation>Modos:</translation>
    </message>
    <message>
        <source>Dtypes:</source>
        <translation>Dtypes:</translation>
    </message>
    <message>
        <source>&amp;Batch:</source>
        <translation>&amp;Lote:</translation>
    </message>
    <message>
        <source>&amp;Sequence length:</source>
        <translation>Comprimento da &amp;sequência:</translation>
    </message>
    <message>
        <source>TorchScript &amp;model:</source>
        <translation>&amp;Modelo TorchScript:</translation>
    </message>
    <message>
        <source>TorchScript model</source>
        <translation>Modelo TorchScript</translation>
    </message>
    <message>
        <source>TorchScript (*.pt *.pth *.ts);;All files (*)</source>
        <translation>TorchScript (*.pt *.pth *.ts);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <source>Model &amp;inputs:</source>
        <translation>&amp;Entradas do modelo:</translation>
    </message>
    <message>
        <source>Shape &amp;catalog:</source>
        <translation>Catálogo de &amp;formatos:</translation>
    </message>
    <message>
        <source>Shape catalog</source>
        <translation>Catálogo de formatos</translation>
    </message>
    <message>
        <source>JSON (*.json);;All files (*)</source>
        <translation>JSON (*.json);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <source>smoke — seconds; checks a setup, not evidence</source>
        <translation>smoke — segundos; verifica a configuração, não gera evidência</translation>
    </message>
    <message>
        <source>standard — ≥ 200 steady iterations and ≥ 2 s</source>
        <translation>standard — ≥ 200 iterações em regime estável e ≥ 2 s</translation>
    </message>
    <message>
        <source>loadgen — ≥ 1024 iterations and ≥ 60 s (MLPerf)</source>
        <translation>loadgen — ≥ 1024 iterações e ≥ 60 s (MLPerf)</translation>
    </message>
    <message>
        <source>custom</source>
        <translation>personalizado</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nenhum</translation>
    </message>
    <message>
        <source>How to measure</source>
        <translation>Como medir</translation>
    </message>
    <message>
        <source>&amp;Protocol:</source>
        <translation>&amp;Protocolo:</translation>
    </message>
    <message>
        <source>Warmup (minimum):</source>
        <translation>Aquecimento (mínimo):</translation>
    </message>
    <message>
        <source>Steady iterations (minimum):</source>
        <translation>Iterações em regime estável (mínimo):</translation>
    </message>
    <message>
        <source>Steady time (minimum):</source>
        <translation>Tempo em regime estável (mínimo):</translation>
    </message>
    <message>
        <source>&amp;Threads:</source>
        <translation>T&amp;hreads:</translation>
    </message>
    <message>
        <source>&amp;Deadline:</source>
        <translation>Pra&amp;zo:</translation>
    </message>
    <message>
        <source>Local (this machine)</source>
        <translation>Local (esta máquina)</translation>
    </message>
    <message>
        <source>Runs that share a machine compete for cores and memory bandwidth and perturb each other&apos;s timings: keep 1 for figures you will compare.</source>
        <translation>Execuções que compartilham uma máquina disputam núcleos e largura de banda de memória e perturbam as medições umas das outras: mantenha 1 para números que você vai comparar.</translation>
    </message>
    <message>
        <source>empty: the runner&apos;s &lt;workload&gt;/&lt;mode&gt;/&lt;dtype&gt;</source>
        <translation>vazio: o &lt;carga&gt;/&lt;modo&gt;/&lt;dtype&gt; do runner</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Onde</translation>
    </message>
    <message>
        <source>T&amp;arget:</source>
        <translation>&amp;Destino:</translation>
    </message>
    <message>
        <source>Parallel &amp;runs:</source>
        <translation>Execuções em pa&amp;ralelo:</translation>
    </message>
    <message>
        <source>Run &amp;key prefix:</source>
        <translation>Prefi&amp;xo da chave de execução:</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Procurar…</translation>
    </message>
    <message>
        <source>Queue 1 run</source>
        <translation>Enfileirar 1 execução</translation>
    </message>
    <message>
        <source>Queue %1 runs</source>
        <translation>Enfileirar %1 execuções</translation>
    </message>
    <message>
        <source>1 runner process</source>
        <translation>1 processo do runner</translation>
    </message>
    <message>
        <source>%1 runner processes</source>
        <translation>%1 processos do runner</translation>
    </message>
    <message>
        <source>Nothing to run yet.</source>
        <translation>Nada para executar ainda.</translation>
    </message>
    <message>
        <source>%1, one per mode × dtype, run one at a time.</source>
        <translation>%1, um por modo × dtype, executados um de cada vez.</translation>
    </message>
    <message>
        <source>%1, one per mode × dtype, up to %2 at once.</source>
        <translation>%1, um por modo × dtype, até %2 ao mesmo tempo.</translation>
    </message>
    <message>
        <source>Runs over SSH; model and catalog paths are read on that host</source>
        <translation>Executa via SSH; os caminhos do modelo e do catálogo são lidos nesse host</translation>
    </message>
    <message>
        <source>Targets are managed with &apos;torchpilot targets&apos; (%1)</source>
        <translation>Os destinos são gerenciados com &apos;torchpilot targets&apos; (%1)</translation>
    </message>
    <message>
        <source>Runs as a Kubernetes Job with your kubectl; the Job is shown before it is submitted</source>
        <translation>Executa como Job Kubernetes com o seu kubectl; o Job é mostrado antes de ser submetido</translation>
    </message>
    <message>
        <source>Training workloads: data-parallel ranks, one process each on this machine (gradients all-reduced every step)</source>
        <translation>Cargas de treino: ranks de paralelismo de dados, um processo cada nesta máquina (gradientes combinados por all-reduce a cada passo)</translation>
    </message>
    <message>
        <source>&amp;Ranks:</source>
        <translation>&amp;Ranks:</translation>
    </message>
    <message>
        <source>%1 runs of %2 ranks (%3 runner processes)</source>
        <translation>%1 execuções de %2 ranks (%3 processos do runner)</translation>
    </message>
    <message>
        <source>A model file is code: it runs with your rights.</source>
        <translation>Um arquivo de modelo é código: ele roda com os seus direitos.</translation>
    </message>
    <message>
        <source>Use only models you trust: a TorchScript program runs its code on the target with the rights of whoever starts the runner.</source>
        <translation>Use apenas modelos em que você confia: um programa TorchScript executa o seu código no destino com os direitos de quem inicia o runner.</translation>
    </message>
    <message>
        <source>none (or the target&apos;s default)</source>
        <translation>nenhum (ou o padrão do alvo)</translation>
    </message>
    <message>
        <source>Calls profiled after the steady phase: the top operators, host↔device copies per call and a trace file. No timed sample is taken under the profiler.</source>
        <translation>Chamadas com perfil depois da fase estável: os principais operadores, as cópias host↔dispositivo por chamada e um arquivo de trace. Nenhuma amostra cronometrada é tomada sob o profiler.</translation>
    </message>
    <message>
        <source>Time the copies to and from the device (h2d, d2h)</source>
        <translation>Cronometrar as cópias de e para o dispositivo (h2d, d2h)</translation>
    </message>
    <message>
        <source>From pinned host memory</source>
        <translation>A partir de memória do host fixada (pinned)</translation>
    </message>
    <message>
        <source>Profile steps:</source>
        <translation>Passos de perfil:</translation>
    </message>
</context>
<context>
    <name>tp::Launcher</name>
    <message>
        <source>runner produced no run</source>
        <translation>o runner não produziu nenhuma execução</translation>
    </message>
    <message>
        <source>no progress for %1 s: stopping the run</source>
        <translation>sem progresso há %1 s: interrompendo a execução</translation>
    </message>
    <message>
        <source>cannot record the alert: %1</source>
        <translation>não foi possível registrar o alerta: %1</translation>
    </message>
    <message>
        <source>no progress for %1 s: stopped</source>
        <translation>sem progresso há %1 s: interrompida</translation>
    </message>
    <message>
        <source>cannot compare with the previous run: %1</source>
        <translation>não foi possível comparar com a execução anterior: %1</translation>
    </message>
    <message>
        <source>cannot store the run&apos;s output: %1</source>
        <translation>não foi possível armazenar a saída da execução: %1</translation>
    </message>
</context>
<context>
    <name>tp::LocalLauncher</name>
    <message>
        <source>torchpilot-runner not found (set TORCHPILOT_RUNNER or install it)</source>
        <translation>torchpilot-runner não encontrado (defina TORCHPILOT_RUNNER ou instale-o)</translation>
    </message>
    <message>
        <source>cannot start runner &apos;%1&apos;: %2</source>
        <translation>não foi possível iniciar o runner &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>the Python runner torchpilot_runner.py or its interpreter was not found (set TORCHPILOT_PYTHON_RUNNER or the target&apos;s runner_path)</source>
        <translation>o runner Python torchpilot_runner.py ou seu interpretador não foi encontrado (defina TORCHPILOT_PYTHON_RUNNER ou o runner_path do alvo)</translation>
    </message>
</context>
<context>
    <name>tp::MainWindow</name>
    <message>
        <source>TorchPilot — %1</source>
        <translation>TorchPilot — %1</translation>
    </message>
    <message>
        <source>no database</source>
        <translation>nenhum banco de dados</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Execuções</translation>
    </message>
    <message>
        <source>Runs in progress</source>
        <translation>Execuções em andamento</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) are running or queued. Quit and cancel them?</source>
        <translation>
            <numerusform>%n execução está rodando ou na fila. Sair e cancelá-la?</numerusform>
            <numerusform>%n execuções estão rodando ou na fila. Sair e cancelá-las?</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot open database</source>
        <translation>Não foi possível abrir o banco de dados</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>Fila</translation>
    </message>
    <message>
        <source>Queue (%1)</source>
        <translation>Fila (%1)</translation>
    </message>
    <message>
        <source>Panels</source>
        <translation>Painéis</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Comparar</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>Gráficos</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n run(s), first selected</source>
        <translation>
            <numerusform>%1: %n execução (selecionada)</numerusform>
            <numerusform>%1: %n execuções, a primeira selecionada</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Arquivo</translation>
    </message>
    <message>
        <source>&amp;New runs…</source>
        <translation>&amp;Novas execuções…</translation>
    </message>
    <message>
        <source>Choose a workload, modes, dtypes and shapes, and queue the runs</source>
        <translation>Escolha uma carga de trabalho, modos, dtypes e formatos, e coloque as execuções na fila</translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation>Re&amp;carregar</translation>
    </message>
    <message>
        <source>Re-read the runs from the database</source>
        <translation>Relê as execuções do banco de dados</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Sair</translation>
    </message>
    <message>
        <source>1 run — %1</source>
        <translation>1 execução — %1</translation>
    </message>
    <message>
        <source>%1 runs — %2</source>
        <translation>%1 execuções — %2</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Revisão</translation>
    </message>
    <message>
        <source>Export PDF report…</source>
        <translation>Exportar relatório em PDF…</translation>
    </message>
    <message>
        <source>Write the decision report (gates, panels, charts, cost, every run) as a PDF</source>
        <translation>Gera o relatório de decisão (portões, painéis, gráficos, custo, todas as execuções) em PDF</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>Abrindo %1…</translation>
    </message>
    <message>
        <source>“%1” cannot be opened as a TorchPilot database. This window keeps its database.</source>
        <translation>“%1” não pode ser aberto como banco de dados do TorchPilot. Esta janela mantém o seu banco de dados.</translation>
    </message>
</context>
<context>
    <name>tp::ModelText</name>
    <message>
        <source>local eager float32 (current)</source>
        <translation>local eager float32 (atual)</translation>
    </message>
    <message>
        <source>local compiled (candidate)</source>
        <translation>local compilado (candidato)</translation>
    </message>
    <message>
        <source>the candidate path is the compiled one</source>
        <translation>o caminho candidato é o compilado</translation>
    </message>
    <message>
        <source>the candidate may run a lower precision within the precision policy</source>
        <translation>o candidato pode rodar com precisão menor, dentro da política de precisão</translation>
    </message>
    <message>
        <source>compile cost paid back after at most %1 calls (%2)</source>
        <translation>custo de compilação compensado após no máximo %1 chamadas (%2)</translation>
    </message>
    <message>
        <source>never paid back for %1 of %2 shapes (steady state not faster)</source>
        <translation>nunca compensado em %1 de %2 formatos (regime estável não é mais rápido)</translation>
    </message>
    <message>
        <source>%1 batch %2, %3</source>
        <translation>%1 lote %2, %3</translation>
    </message>
    <message>
        <source>%1 batch %2 seq %3, %4</source>
        <translation>%1 lote %2 seq %3, %4</translation>
    </message>
    <message>
        <source>baseline: run #%1 does not exist</source>
        <translation>linha de base: a execução #%1 não existe</translation>
    </message>
    <message>
        <source>candidate: run #%1 does not exist</source>
        <translation>candidato: a execução #%1 não existe</translation>
    </message>
    <message>
        <source>run #%1 (baseline) is invalid evidence: %2</source>
        <translation>a execução #%1 (linha de base) é evidência inválida: %2</translation>
    </message>
    <message>
        <source>run #%1 (candidate) is invalid evidence: %2</source>
        <translation>a execução #%1 (candidato) é evidência inválida: %2</translation>
    </message>
    <message>
        <source>run #%1 (baseline) has no steady samples</source>
        <translation>a execução #%1 (linha de base) não tem amostras em regime estável</translation>
    </message>
    <message>
        <source>run #%1 (candidate) has no steady samples</source>
        <translation>a execução #%1 (candidato) não tem amostras em regime estável</translation>
    </message>
    <message>
        <source>run #%1 is on both sides</source>
        <translation>a execução #%1 está dos dois lados</translation>
    </message>
    <message>
        <source>no valid run measured a shape catalog</source>
        <translation>nenhuma execução válida mediu um catálogo de formatos</translation>
    </message>
    <message>
        <source>no valid %1 run measured the shape catalog</source>
        <translation>nenhuma execução %1 válida mediu o catálogo de formatos</translation>
    </message>
    <message>
        <source>no candidate run</source>
        <translation>nenhuma execução candidata</translation>
    </message>
    <message>
        <source>no candidate run failed on an unsupported operator</source>
        <translation>nenhuma execução candidata falhou em um operador não suportado</translation>
    </message>
    <message>
        <source>no candidate run checked its outputs</source>
        <translation>nenhuma execução candidata verificou suas saídas</translation>
    </message>
    <message>
        <source>outputs finite in %1 candidate run(s)</source>
        <translation>saídas finitas em %1 execução(ões) candidata(s)</translation>
    </message>
    <message>
        <source>not applicable: the pilot has no training workload</source>
        <translation>não se aplica: o piloto não tem carga de treino</translation>
    </message>
    <message>
        <source>no valid candidate run was compared with the reference</source>
        <translation>nenhuma execução candidata válida foi comparada com a referência</translation>
    </message>
    <message>
        <source>all %1 compared run(s) within policy</source>
        <translation>todas as %1 execução(ões) comparada(s) dentro da política</translation>
    </message>
    <message>
        <source>no latency SLO (slo.p99_seconds) in the gate definitions</source>
        <translation>nenhum SLO de latência (slo.p99_seconds) nas definições dos gates</translation>
    </message>
    <message>
        <source>no valid candidate latency</source>
        <translation>nenhuma latência válida do candidato</translation>
    </message>
    <message>
        <source>p99 ≤ %1 s in %2 run(s)</source>
        <translation>p99 ≤ %1 s em %2 execução(ões)</translation>
    </message>
    <message>
        <source>no workload has valid runs on both sides</source>
        <translation>nenhuma carga tem execuções válidas dos dois lados</translation>
    </message>
    <message>
        <source>run %1 has no first-call time</source>
        <translation>a execução %1 não tem tempo de primeira chamada</translation>
    </message>
    <message>
        <source>no valid candidate run</source>
        <translation>nenhuma execução candidata válida</translation>
    </message>
    <message>
        <source>cold start reported, but no shape catalog measured the recompile cost</source>
        <translation>partida a frio informada, mas nenhum catálogo de formatos mediu o custo de recompilação</translation>
    </message>
    <message>
        <source>first call and per-shape first calls reported</source>
        <translation>primeira chamada e primeiras chamadas por formato informadas</translation>
    </message>
    <message>
        <source>run %1: RPO %2 steps, RTO %3 s (outside target or not verified)</source>
        <translation>execução %1: RPO %2 passos, RTO %3 s (fora da meta ou não verificado)</translation>
    </message>
    <message>
        <source>run %1: RPO %2 steps, RTO %3 s</source>
        <translation>execução %1: RPO %2 passos, RTO %3 s</translation>
    </message>
    <message>
        <source>no checkpoint/resume fault test was recorded</source>
        <translation>nenhum teste de falha com checkpoint/retomada foi registrado</translation>
    </message>
    <message>
        <source>no no-progress alert in %1 candidate run(s)</source>
        <translation>nenhum alerta de falta de progresso em %1 execução(ões) candidata(s)</translation>
    </message>
    <message>
        <source>cost model not configured for both sides</source>
        <translation>modelo de custo não configurado para os dois lados</translation>
    </message>
    <message>
        <source>a side has no valid run with a useful result</source>
        <translation>um lado não tem execução válida com resultado útil</translation>
    </message>
    <message>
        <source>the candidate produced no result that meets the quality contract</source>
        <translation>o candidato não produziu resultado que cumpra o contrato de qualidade</translation>
    </message>
    <message>
        <source>cost per useful result: candidate %1 vs baseline %2 %3</source>
        <translation>custo por resultado útil: candidato %1 vs linha de base %2 %3</translation>
    </message>
    <message>
        <source>no rollback path recorded by a reviewer</source>
        <translation>nenhum caminho de reversão registrado por um revisor</translation>
    </message>
    <message>
        <source>rollback path: %1</source>
        <translation>caminho de reversão: %1</translation>
    </message>
    <message>
        <source>non-finite output</source>
        <translation>saída não finita</translation>
    </message>
    <message>
        <source>too short: %1 steady iterations, at least %2 needed</source>
        <translation>curta demais: %1 iterações em regime estável, pelo menos %2 necessárias</translation>
    </message>
    <message>
        <source>too short: steady state lasted %1 s, at least %2 s required</source>
        <translation>curta demais: o regime estável durou %1 s, pelo menos %2 s exigidos</translation>
    </message>
    <message>
        <source>too noisy: IQR/median = %1, must be below %2</source>
        <translation>ruidosa demais: IQR/mediana = %1, deve ficar abaixo de %2</translation>
    </message>
    <message>
        <source>steady state never reached: warmup hit its cap before times settled</source>
        <translation>regime estável nunca alcançado: o aquecimento atingiu seu limite antes de os tempos se estabilizarem</translation>
    </message>
    <message>
        <source>unknown protocol preset &apos;%1&apos;: the validity policy has no minimums for it</source>
        <translation>preset de protocolo desconhecido &apos;%1&apos;: a política de validade não tem mínimos para ele</translation>
    </message>
    <message>
        <source>incomplete: the stream ended before run_finished</source>
        <translation>incompleta: o fluxo terminou antes de run_finished</translation>
    </message>
    <message>
        <source>run ended with status &apos;%1&apos;</source>
        <translation>a execução terminou com status &apos;%1&apos;</translation>
    </message>
    <message>
        <source>recovery test not verified</source>
        <translation>teste de recuperação não verificado</translation>
    </message>
    <message>
        <source>no per-iteration samples: the runner reported a summary only, which cannot be checked</source>
        <translation>sem amostras por iteração: o runner informou só um resumo, que não pode ser verificado</translation>
    </message>
    <message>
        <source>no per-iteration samples: no steady state was measured</source>
        <translation>sem amostras por iteração: nenhum regime estável foi medido</translation>
    </message>
    <message>
        <source>finite outputs not reported</source>
        <translation>saídas finitas não informadas</translation>
    </message>
    <message>
        <source>output sizes differ from the reference</source>
        <translation>os tamanhos das saídas diferem da referência</translation>
    </message>
    <message>
        <source>non-finite values in the output</source>
        <translation>valores não finitos na saída</translation>
    </message>
    <message>
        <source>cosine similarity %1 below %2</source>
        <translation>similaridade de cosseno %1 abaixo de %2</translation>
    </message>
    <message>
        <source>first-step gradient cosine %1 below %2</source>
        <translation>cosseno do gradiente do primeiro passo %1 abaixo de %2</translation>
    </message>
    <message>
        <source>loss curve diverges by %1% (allowed %2%)</source>
        <translation>a curva de perda diverge em %1% (permitido %2%)</translation>
    </message>
    <message>
        <source>sent run_finished</source>
        <translation>enviou run_finished</translation>
    </message>
    <message>
        <source>completed, not timed out</source>
        <translation>concluída, sem estourar o tempo</translation>
    </message>
    <message>
        <source>ok, finite, valid, precision not failed</source>
        <translation>ok, finita, válida, precisão não reprovada</translation>
    </message>
    <message>
        <source>not counted: %1</source>
        <translation>não contadas: %1</translation>
    </message>
    <message>
        <source>no cost model yet</source>
        <translation>ainda sem modelo de custo</translation>
    </message>
    <message>
        <source>cost model %1: total cost of the selected runs (lost attempts included) / results meeting the quality contract</source>
        <translation>modelo de custo %1: custo total das execuções selecionadas (tentativas perdidas incluídas) / resultados que cumprem o contrato de qualidade</translation>
    </message>
    <message>
        <source>no valid steady samples</source>
        <translation>nenhuma amostra válida em regime estável</translation>
    </message>
    <message>
        <source>no valid run with a p99</source>
        <translation>nenhuma execução válida com p99</translation>
    </message>
    <message>
        <source>median of the p99 of %1 run</source>
        <translation>mediana do p99 de %1 execução</translation>
    </message>
    <message>
        <source>median of the p99 of %1 runs</source>
        <translation>mediana do p99 de %1 execuções</translation>
    </message>
    <message>
        <source>no ok run</source>
        <translation>nenhuma execução ok</translation>
    </message>
    <message>
        <source>median over %1 run with status ok</source>
        <translation>mediana sobre %1 execução com status ok</translation>
    </message>
    <message>
        <source>median over %1 runs with status ok</source>
        <translation>mediana sobre %1 execuções com status ok</translation>
    </message>
    <message>
        <source>none failed, timed out or non-finite</source>
        <translation>nenhuma falhou, estourou o tempo ou deu valores não finitos</translation>
    </message>
    <message>
        <source>no selected run went through a queue</source>
        <translation>nenhuma execução selecionada passou por uma fila</translation>
    </message>
    <message>
        <source>mean over %1 run queued</source>
        <translation>média sobre %1 execução enfileirada</translation>
    </message>
    <message>
        <source>mean over %1 runs queued</source>
        <translation>média sobre %1 execuções enfileiradas</translation>
    </message>
    <message>
        <source>no live run (imports are left out)</source>
        <translation>nenhuma execução ao vivo (importações ficam de fora)</translation>
    </message>
    <message>
        <source>largest gap between two event lines, run #%1 (of %2 run)</source>
        <translation>maior intervalo entre duas linhas de evento, execução #%1 (de %2 execução)</translation>
    </message>
    <message>
        <source>largest gap between two event lines, run #%1 (of %2 runs)</source>
        <translation>maior intervalo entre duas linhas de evento, execução #%1 (de %2 execuções)</translation>
    </message>
    <message>
        <source>no resources reported</source>
        <translation>nenhum recurso informado</translation>
    </message>
    <message>
        <source>user + system, %1 run</source>
        <translation>usuário + sistema, %1 execução</translation>
    </message>
    <message>
        <source>user + system, %1 runs</source>
        <translation>usuário + sistema, %1 execuções</translation>
    </message>
    <message>
        <source>mean (user + system) / wall over %1 run</source>
        <translation>média de (usuário + sistema) / relógio sobre %1 execução</translation>
    </message>
    <message>
        <source>mean (user + system) / wall over %1 runs</source>
        <translation>média de (usuário + sistema) / relógio sobre %1 execuções</translation>
    </message>
    <message>
        <source>same run key run again (%1 run involved)</source>
        <translation>mesma chave de execução executada de novo (%1 execução envolvida)</translation>
    </message>
    <message>
        <source>same run key run again (%1 runs involved)</source>
        <translation>mesma chave de execução executada de novo (%1 execuções envolvidas)</translation>
    </message>
    <message>
        <source>every run was on the CPU</source>
        <translation>todas as execuções foram na CPU</translation>
    </message>
    <message>
        <source>not reported by the runs</source>
        <translation>não informado pelas execuções</translation>
    </message>
    <message>
        <source>mean pod pending → running over %1 run</source>
        <translation>média de pod pendente → em execução sobre %1 execução</translation>
    </message>
    <message>
        <source>mean pod pending → running over %1 runs</source>
        <translation>média de pod pendente → em execução sobre %1 execuções</translation>
    </message>
    <message>
        <source>Kubernetes capacity wait not recorded for these runs</source>
        <translation>espera por capacidade do Kubernetes não registrada para estas execuções</translation>
    </message>
    <message>
        <source>local runs never wait for capacity</source>
        <translation>execuções locais nunca esperam por capacidade</translation>
    </message>
    <message>
        <source>run #%1</source>
        <translation>execução #%1</translation>
    </message>
    <message>
        <source>%1 misses %2 of %3 shapes</source>
        <translation>%1 não cobre %2 de %3 formatos</translation>
    </message>
    <message>
        <source>%1 shapes ran in every required mode</source>
        <translation>%1 formatos rodaram em todos os modos exigidos</translation>
    </message>
    <message>
        <source>%1 candidate run(s) failed on unsupported operators</source>
        <translation>%1 execução(ões) candidata(s) falharam em operadores não suportados</translation>
    </message>
    <message>
        <source>%1 candidate run(s) produced non-finite outputs</source>
        <translation>%1 execução(ões) candidata(s) produziram saídas não finitas</translation>
    </message>
    <message>
        <source>%1 of %2 candidate run(s) outside the precision policy</source>
        <translation>%1 de %2 execução(ões) candidata(s) fora da política de precisão</translation>
    </message>
    <message>
        <source>%1 run(s) with p99 above %2 s</source>
        <translation>%1 execução(ões) com p99 acima de %2 s</translation>
    </message>
    <message>
        <source>%1 candidate run(s) raised a no-progress alert</source>
        <translation>%1 execução(ões) candidata(s) dispararam um alerta de falta de progresso</translation>
    </message>
    <message>
        <source>%1: candidate/baseline = %2× (required ≥ %3×)</source>
        <translation>%1: candidato/linha de base = %2× (exigido ≥ %3×)</translation>
    </message>
    <message>
        <source>%1: candidate/baseline = %2×</source>
        <translation>%1: candidato/linha de base = %2×</translation>
    </message>
    <message>
        <source>%1% of elements outside atol %2 + rtol %3 (allowed %4%)</source>
        <translation>%1% dos elementos fora de atol %2 + rtol %3 (permitido %4%)</translation>
    </message>
    <message>
        <source>%1 pooled steady samples of %2 run with a valid steady state</source>
        <translation>%1 amostras em regime estável reunidas de %2 execução com regime estável válido</translation>
    </message>
    <message>
        <source>%1 pooled steady samples of %2 runs with a valid steady state</source>
        <translation>%1 amostras em regime estável reunidas de %2 execuções com regime estável válido</translation>
    </message>
    <message>
        <source>%1 incomplete or running</source>
        <translation>%1 incompletas ou em andamento</translation>
    </message>
    <message>
        <source>%1 timed out</source>
        <translation>%1 estouraram o tempo</translation>
    </message>
    <message>
        <source>%1 not ok</source>
        <translation>%1 não ok</translation>
    </message>
    <message>
        <source>%1 no validity verdict</source>
        <translation>%1 sem veredito de validade</translation>
    </message>
    <message>
        <source>%1 reduced-precision, precision unchecked</source>
        <translation>%1 em precisão reduzida, precisão não verificada</translation>
    </message>
    <message>
        <source>%1 precision failed</source>
        <translation>%1 reprovadas na precisão</translation>
    </message>
    <message>
        <source>%1 failed</source>
        <translation>%1 falharam</translation>
    </message>
    <message>
        <source>%1 non-finite</source>
        <translation>%1 não finitas</translation>
    </message>
    <message>
        <source>%1 invalid</source>
        <translation>%1 inválidas</translation>
    </message>
    <message>
        <source>%1 incomplete</source>
        <translation>%1 incompletas</translation>
    </message>
    <message>
        <source>%1 cancelled</source>
        <translation>%1 canceladas</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>aprovado</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>reprovado</translation>
    </message>
    <message>
        <source>insufficient</source>
        <translation>insuficiente</translation>
    </message>
    <message>
        <source>migrate</source>
        <translation>migrar</translation>
    </message>
    <message>
        <source>keep</source>
        <translation>manter</translation>
    </message>
    <message>
        <source>inconclusive</source>
        <translation>inconclusivo</translation>
    </message>
    <message>
        <source>no runs</source>
        <translation>nenhuma execução</translation>
    </message>
    <message>
        <source>runs %1</source>
        <translation>execuções %1</translation>
    </message>
    <message>
        <source>run %1: %2 ranks, a killed rank was detected by the others in %3 s (bound %4 s), RPO %5 steps, RTO %6 s</source>
        <translation>execução %1: %2 ranks, um rank encerrado foi detectado pelos demais em %3 s (limite de %4 s), RPO %5 passos, RTO %6 s</translation>
    </message>
    <message>
        <source>run %1: %2 ranks, detected in %3 s (bound %4 s), RPO %5 steps, RTO %6 s (outside target, not verified, or fewer ranks than the pilot trains)</source>
        <translation>execução %1: %2 ranks, detectado em %3 s (limite de %4 s), RPO %5 passos, RTO %6 s (fora da meta, não verificado ou com menos ranks do que o piloto treina)</translation>
    </message>
    <message>
        <source>no worker-failure test of %1 ranks was recorded (torchpilot faulttest --world-size %1)</source>
        <translation>nenhum teste de falha de worker com %1 ranks foi registrado (torchpilot faulttest --world-size %1)</translation>
    </message>
    <message>
        <source>the device synchronize did not wait for a compiled call&apos;s output (%1 s, against %2 s waiting on the output): its timings are not the device&apos;s</source>
        <translation>a sincronização do dispositivo não esperou a saída de uma chamada compilada (%1 s, contra %2 s esperando pela saída): seus tempos não são os do dispositivo</translation>
    </message>
    <message>
        <source>compiled mode ran eagerly: a recompile limit was hit</source>
        <translation>o modo compilado rodou em eager: um limite de recompilação foi atingido</translation>
    </message>
    <message>
        <source>float32 matmuls ran at reduced precision (%1)</source>
        <translation>as multiplicações de matrizes float32 rodaram com precisão reduzida (%1)</translation>
    </message>
    <message>
        <source>float32 matmuls at reduced precision in run(s) %1 (%2)</source>
        <translation>multiplicações de matrizes float32 com precisão reduzida na(s) execução(ões) %1 (%2)</translation>
    </message>
    <message>
        <source>%1 ran %2 of %3 shapes eagerly after a recompile limit (run(s) %4)</source>
        <translation>%1 rodou %2 de %3 formatos em eager após um limite de recompilação (execução(ões) %4)</translation>
    </message>
    <message>
        <source>no candidate run carries a profile: run the candidate with --profile-steps N (a pilot: its Profile steps option)</source>
        <translation>nenhuma execução candidata traz um perfil: execute o candidato com --profile-steps N (num piloto: a opção Passos de perfil)</translation>
    </message>
    <message>
        <source>no host round-trips beyond the baseline&apos;s in %1 profiled candidate run(s) (%2 copy operators per call)</source>
        <translation>nenhuma ida e volta ao host além das da linha de base em %1 execução(ões) candidata(s) com perfil (%2 operadores de cópia por chamada)</translation>
    </message>
    <message>
        <source>%1: %2 host↔device copies per call in candidate run(s) %3 against %4 in baseline run(s) %5 (%6)</source>
        <translation>%1: %2 cópias host↔dispositivo por chamada na(s) execução(ões) candidata(s) %3 contra %4 na(s) execução(ões) de linha de base %5 (%6)</translation>
    </message>
    <message>
        <source>%1: %2 host↔device copies per call in candidate run(s) %3, and no baseline run of it carries a profile to compare with (run the baseline with --profile-steps N)</source>
        <translation>%1: %2 cópias host↔dispositivo por chamada na(s) execução(ões) candidata(s) %3, e nenhuma execução de linha de base dela traz um perfil para comparar (execute a linha de base com --profile-steps N)</translation>
    </message>
    <message>
        <source>no selected run timed its copies (runner option --transfers)</source>
        <translation>nenhuma execução selecionada cronometrou suas cópias (opção do runner --transfers)</translation>
    </message>
    <message>
        <source>median copy time per batch of %1 run</source>
        <translation>tempo mediano de cópia por lote de %1 execução</translation>
    </message>
    <message>
        <source>median over %1 runs of each run&apos;s median copy time per batch</source>
        <translation>mediana sobre %1 execuções do tempo mediano de cópia por lote de cada uma</translation>
    </message>
    <message>
        <source>about %1 more steady samples of the baseline and %2 of the candidate (%3 more run(s) of each side) would put the interval on one side of %4×, with 80% power</source>
        <translation>cerca de %1 amostras estáveis a mais da linha de base e %2 do candidato (%3 execução(ões) a mais de cada lado) poriam o intervalo de um só lado de %4×, com poder de 80%</translation>
    </message>
    <message>
        <source>within noise: not decidable here — the ratio %1× is %2% from the required %3×, and identical runs here differ by %4%: even %5 runs of each side resolve %6% at best</source>
        <translation>dentro do ruído: não decidível aqui — a razão %1× está a %2% da exigida %3×, e execuções idênticas aqui diferem %4%: mesmo %5 execuções de cada lado resolvem %6% no máximo</translation>
    </message>
    <message>
        <source>within noise: not decidable here — the ratio %1× is %2% from the required %3×, and deciding it would take over %4 times the samples measured</source>
        <translation>dentro do ruído: não decidível aqui — a razão %1× está a %2% da exigida %3×, e decidir exigiria mais de %4 vezes as amostras medidas</translation>
    </message>
    <message>
        <source>a rollback path: the Review page, or torchpilot review --set-rollback TEXT</source>
        <translation>um caminho de rollback: a página Revisão, ou torchpilot review --set-rollback TEXTO</translation>
    </message>
    <message>
        <source>a cost model for each side: the Review page&apos;s cost models, or torchpilot review --set-cost baseline|candidate</source>
        <translation>um modelo de custo para cada lado: os modelos de custo da página Revisão, ou torchpilot review --set-cost baseline|candidate</translation>
    </message>
    <message>
        <source>a p99 latency SLO: the Review page&apos;s pilot editor, or torchpilot pilots --edit %1 --set slo.p99_seconds=S</source>
        <translation>um SLO de latência p99: o editor de piloto da página Revisão, ou torchpilot pilots --edit %1 --set slo.p99_seconds=S</translation>
    </message>
    <message>
        <source>a training workload for the pilot: torchpilot pilots --edit %1 --set training_workload=train-mlp</source>
        <translation>uma carga de treino para o piloto: torchpilot pilots --edit %1 --set training_workload=train-mlp</translation>
    </message>
    <message>
        <source>%1: candidate/baseline = %2×, interval [%3×, %4×] straddles the required %5×</source>
        <translation>%1: candidato/linha de base = %2×, o intervalo [%3×, %4×] contém a exigida %5×</translation>
    </message>
    <message>
        <source>%1: candidate/baseline = %2× [%3×, %4×] (required ≥ %5×)</source>
        <translation>%1: candidato/linha de base = %2× [%3×, %4×] (exigido ≥ %5×)</translation>
    </message>
    <message>
        <source>no queries: the %1 scenario measured nothing</source>
        <translation>nenhuma consulta: o cenário %1 não mediu nada</translation>
    </message>
    <message>
        <source>too short: %1 queries, at least %2 needed</source>
        <translation>curta demais: %1 consultas, ao menos %2 necessárias</translation>
    </message>
    <message>
        <source>too short: queries over %1 s, at least %2 s required</source>
        <translation>curta demais: consultas ao longo de %1 s, ao menos %2 s exigidos</translation>
    </message>
    <message>
        <source>the load generator fell behind its schedule: %1 of %2 queries issued more than %3 s late, at most %4% allowed</source>
        <translation>o gerador de carga atrasou em relação à agenda: %1 de %2 consultas emitidas com mais de %3 s de atraso, no máximo %4% permitido</translation>
    </message>
    <message>
        <source>the %1 side has no server-scenario run that is valid evidence: its peak QPS within the SLO is not measured</source>
        <translation>o lado %1 não tem execução no cenário server que seja evidência válida: seu pico de QPS dentro do SLO não foi medido</translation>
    </message>
    <message>
        <source>no server run of the %1 side keeps p99 within %2 s with at most %3% failed</source>
        <translation>nenhuma execução server do lado %1 mantém o p99 dentro de %2 s com no máximo %3% de falhas</translation>
    </message>
    <message>
        <source>peak QPS within the SLO: candidate %1, baseline %2, candidate/baseline = %3× [%4×, %5×] (required ≥ %6×)</source>
        <translation>pico de QPS dentro do SLO: candidato %1, baseline %2, candidato/baseline = %3× [%4×, %5×] (exigido ≥ %6×)</translation>
    </message>
    <message>
        <source>peak QPS within the SLO: candidate %1, baseline %2, candidate/baseline = %3×, interval [%4×, %5×] straddles the required %6×</source>
        <translation>pico de QPS dentro do SLO: candidato %1, baseline %2, candidato/baseline = %3×, intervalo [%4×, %5×] abrange o exigido %6×</translation>
    </message>
    <message>
        <source>a peak search on each side without one (torchpilot peak, or the pilot&apos;s serving step)</source>
        <translation>uma busca de pico em cada lado que não tem (torchpilot peak, ou a etapa de serviço do piloto)</translation>
    </message>
    <message>
        <source>probes closer to each side&apos;s peak (a finer --resolution) or longer probes (--preset standard) would narrow the interval</source>
        <translation>sondas mais próximas do pico de cada lado (uma --resolution mais fina) ou sondas mais longas (--preset standard) estreitariam o intervalo</translation>
    </message>
    <message>
        <source>peak QPS within the SLO: candidate %1, baseline %2 (≥: a lower bound, the load generator could not issue a higher rate on time on this machine), candidate/baseline = %3×, required %4×</source>
        <translation>pico de QPS dentro do SLO: candidato %1, baseline %2 (≥: um limite inferior, o gerador de carga não conseguiu emitir uma taxa maior a tempo nesta máquina), candidato/baseline = %3×, exigido %4×</translation>
    </message>
    <message>
        <source>the peaks lie beyond what this machine&apos;s load generator can issue on time: a faster host, or a model whose service time the generator can outpace, would decide it</source>
        <translation>os picos estão além do que o gerador de carga desta máquina consegue emitir a tempo: um host mais rápido, ou um modelo cujo tempo de serviço o gerador consiga superar, decidiria</translation>
    </message>
    <message>
        <source>mean wait in the serving queue of %1 queries in %2 server-scenario runs</source>
        <translation>espera média na fila de serviço de %1 consultas em %2 execuções no cenário server</translation>
    </message>
    <message>
        <source>no selected server-scenario run keeps the latency bound it declared</source>
        <translation>nenhuma execução selecionada no cenário server mantém o limite de latência que declarou</translation>
    </message>
    <message>
        <source>highest completed QPS of %1 server-scenario runs within their declared SLO</source>
        <translation>maior QPS concluído de %1 execuções no cenário server dentro do SLO declarado</translation>
    </message>
    <message>
        <source>the candidate side has %1 cold start(s) with a time to ready, and %2 are needed to size its probes</source>
        <translation>o lado candidato tem %1 início(s) frio(s) com tempo até ficar pronto, e %2 são necessários para dimensionar suas probes</translation>
    </message>
    <message>
        <source>the pilot declares no startupProbe: from %1 cold starts (p99 time to ready %2 s) the proposal is a startupProbe of period %3 s × failureThreshold %4 and a livenessProbe of period %5 s × failureThreshold %6</source>
        <translation>o piloto não declara startupProbe: a partir de %1 inícios frios (p99 do tempo até ficar pronto %2 s) a proposta é uma startupProbe de período %3 s × failureThreshold %4 e uma livenessProbe de período %5 s × failureThreshold %6</translation>
    </message>
    <message>
        <source>the startupProbe allows %1 s, less than the p99 cold time to ready of %2 s over %3 cold starts: the kubelet would restart a cold pod before it is ready (failureThreshold %4 covers it with margin)</source>
        <translation>a startupProbe permite %1 s, menos que o p99 do tempo até ficar pronto a frio de %2 s em %3 inícios frios: o kubelet reiniciaria um pod frio antes de ficar pronto (failureThreshold %4 cobre com margem)</translation>
    </message>
    <message>
        <source>the startupProbe allows %1 s against the p99 cold time to ready of %2 s over %3 cold starts</source>
        <translation>a startupProbe permite %1 s contra o p99 do tempo até ficar pronto a frio de %2 s em %3 inícios frios</translation>
    </message>
    <message>
        <source>warm starts: p99 %1 s over %2</source>
        <translation>inícios quentes: p99 %1 s em %2</translation>
    </message>
    <message>
        <source>the livenessProbe gives up after %1 s, less than the longest call after ready (%2 s: a new shape&apos;s compile or the p99 call): it could restart a pod while it compiles</source>
        <translation>a livenessProbe desiste após %1 s, menos que a chamada mais longa depois de pronto (%2 s: a compilação de um novo shape ou a chamada p99): ela poderia reiniciar um pod enquanto ele compila</translation>
    </message>
    <message>
        <source>the livenessProbe gives up after %1 s, longer than the longest call after ready (%2 s)</source>
        <translation>a livenessProbe desiste após %1 s, mais que a chamada mais longa depois de pronto (%2 s)</translation>
    </message>
    <message>
        <source>no livenessProbe declared: a hung server would never be restarted</source>
        <translation>nenhuma livenessProbe declarada: um servidor travado nunca seria reiniciado</translation>
    </message>
    <message>
        <source>the serving probes: torchpilot probes --db FILE proposes them from the cold starts, then torchpilot pilots --edit %1 --set serving.startup_probe.failure_threshold=N (and period_seconds, liveness_probe.…)</source>
        <translation>as probes de serving: torchpilot probes --db ARQUIVO as propõe a partir dos inícios frios, depois torchpilot pilots --edit %1 --set serving.startup_probe.failure_threshold=N (e period_seconds, liveness_probe.…)</translation>
    </message>
    <message>
        <source>compiled again after the warmup (%1 TorchTPU compile-cache misses, %2 dynamo frames): the steady samples include compile time, as a per-step scalar that recompiles every step does</source>
        <translation>compilou de novo depois do aquecimento (%1 faltas no cache de compilação do TorchTPU, %2 frames do dynamo): as amostras estáveis incluem tempo de compilação, como acontece com um escalar por passo que recompila a cada passo</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nenhum</translation>
    </message>
    <message>
        <source>the pilot states no batch window (batch_job.catalog_items and batch_job.window_seconds)</source>
        <translation>o piloto não declara janela de lote (batch_job.catalog_items e batch_job.window_seconds)</translation>
    </message>
    <message>
        <source>%1: no valid run of %2 with a wall clock and steady samples</source>
        <translation>%1: nenhuma execução válida de %2 com tempo de relógio e amostras estáveis</translation>
    </message>
    <message>
        <source>%1: %2 items would take %3 s [%4 s, %5 s] (fixed %6 s per execution, %7 items/s steady, %8 run(s))</source>
        <translation>%1: %2 itens levariam %3 s [%4 s, %5 s] (fixo %6 s por execução, %7 itens/s em regime estável, %8 execução(ões))</translation>
    </message>
    <message>
        <source>the candidate fits the %1 s window even at the interval&apos;s high end</source>
        <translation>o candidato cabe na janela de %1 s mesmo no limite superior do intervalo</translation>
    </message>
    <message>
        <source>the candidate misses the %1 s window even at the interval&apos;s low end</source>
        <translation>o candidato perde a janela de %1 s mesmo no limite inferior do intervalo</translation>
    </message>
    <message>
        <source>the %1 s window lies inside the candidate&apos;s interval</source>
        <translation>a janela de %1 s está dentro do intervalo do candidato</translation>
    </message>
    <message>
        <source>a batch window: torchpilot pilots --edit %1 --set batch_job.catalog_items=N --set batch_job.window_seconds=S</source>
        <translation>uma janela de lote: torchpilot pilots --edit %1 --set batch_job.catalog_items=N --set batch_job.window_seconds=S</translation>
    </message>
    <message>
        <source>%1 more run(s) of the candidate narrow its interval, though a window this close to the projection (%2% away) may need a run on the real catalog</source>
        <translation>mais %1 execução(ões) do candidato estreitam o intervalo, mas uma janela tão próxima da projeção (a %2%) pode exigir uma execução no catálogo real</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>linha de base</translation>
    </message>
    <message>
        <source>candidate</source>
        <translation>candidato</translation>
    </message>
    <message>
        <source>the pilot states no least mean recall (quality.target)</source>
        <translation>o piloto não declara o menor recall médio (quality.target)</translation>
    </message>
    <message>
        <source>no candidate run has the frozen sample&apos;s outputs beside a baseline run with the same sample</source>
        <translation>nenhuma execução do candidato tem as saídas da amostra congelada ao lado de uma execução da linha de base com a mesma amostra</translation>
    </message>
    <message>
        <source>the outputs of run %1 cannot be used: %2</source>
        <translation>as saídas da execução %1 não podem ser usadas: %2</translation>
    </message>
    <message>
        <source>run %1 against run %2: mean recall@%3 %4 over %5 items (10th percentile %6, least %7, worst items %8)</source>
        <translation>execução %1 contra a execução %2: recall@%3 médio %4 sobre %5 itens (10º percentil %6, mínimo %7, piores itens %8)</translation>
    </message>
    <message>
        <source>%1 of %2 candidate run(s) below the least mean recall %3</source>
        <translation>%1 de %2 execução(ões) do candidato abaixo do menor recall médio %3</translation>
    </message>
    <message>
        <source>%1 candidate run(s) at or above the least mean recall %2</source>
        <translation>%1 execução(ões) do candidato no menor recall médio %2 ou acima</translation>
    </message>
    <message>
        <source>the least mean recall: torchpilot pilots --edit %1 --set quality.target=R</source>
        <translation>o menor recall médio: torchpilot pilots --edit %1 --set quality.target=R</translation>
    </message>
</context>
<context>
    <name>tp::NextEvidencePanel</name>
    <message>
        <source>Collect missing evidence</source>
        <translation>Coletar evidências faltantes</translation>
    </message>
    <message>
        <source>What would decide the open criteria</source>
        <translation>O que decidiria os critérios em aberto</translation>
    </message>
    <message>
        <source>Queue exactly the runs listed here, on each side&apos;s target</source>
        <translation>Enfileira exatamente as execuções listadas aqui, no alvo de cada lado</translation>
    </message>
    <message>
        <source>Every criterion is decided by the evidence.</source>
        <translation>Todo critério é decidido pelas evidências.</translation>
    </message>
</context>
<context>
    <name>tp::OperatorsComparison</name>
    <message>
        <source>Top operators</source>
        <translation>Principais operadores</translation>
    </message>
    <message>
        <source>%1 — run #%2</source>
        <translation>%1 — execução #%2</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Linha de base</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Candidato</translation>
    </message>
</context>
<context>
    <name>tp::PanelsPage</name>
    <message>
        <source>no data</source>
        <translation>sem dados</translation>
    </message>
    <message>
        <source>not configured</source>
        <translation>não configurado</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>não medido</translation>
    </message>
    <message>
        <source>not measured (CPU)</source>
        <translation>não medido (CPU)</translation>
    </message>
    <message>
        <source>not applicable for local runs</source>
        <translation>não se aplica a execuções locais</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>extra execution</source>
        <translation>execução extra</translation>
    </message>
    <message>
        <source>extra executions</source>
        <translation>execuções extras</translation>
    </message>
    <message>
        <source>of 1 run</source>
        <translation>de 1 execução</translation>
    </message>
    <message>
        <source>of %1 runs</source>
        <translation>de %1 execuções</translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation>amostras/s</translation>
    </message>
    <message>
        <source>of one core</source>
        <translation>de um núcleo</translation>
    </message>
    <message>
        <source>%1 per useful result</source>
        <translation>%1 por resultado útil</translation>
    </message>
    <message>
        <source>Completed runs</source>
        <translation>Execuções concluídas</translation>
    </message>
    <message>
        <source>Within deadline</source>
        <translation>Dentro do prazo</translation>
    </message>
    <message>
        <source>Meeting the quality contract</source>
        <translation>Cumprindo o contrato de qualidade</translation>
    </message>
    <message>
        <source>Cost per useful result</source>
        <translation>Custo por resultado útil</translation>
    </message>
    <message>
        <source>Latency p50</source>
        <translation>Latência p50</translation>
    </message>
    <message>
        <source>Latency p90</source>
        <translation>Latência p90</translation>
    </message>
    <message>
        <source>Latency p99</source>
        <translation>Latência p99</translation>
    </message>
    <message>
        <source>Median of run p99</source>
        <translation>Mediana do p99 das execuções</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>Vazão</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Erros</translation>
    </message>
    <message>
        <source>Queue wait</source>
        <translation>Espera na fila</translation>
    </message>
    <message>
        <source>Time without progress</source>
        <translation>Tempo sem progresso</translation>
    </message>
    <message>
        <source>CPU time</source>
        <translation>Tempo de CPU</translation>
    </message>
    <message>
        <source>CPU utilisation</source>
        <translation>Uso de CPU</translation>
    </message>
    <message>
        <source>Peak RAM</source>
        <translation>Pico de RAM</translation>
    </message>
    <message>
        <source>Restarts / retries</source>
        <translation>Reinícios / novas tentativas</translation>
    </message>
    <message>
        <source>Accelerator memory</source>
        <translation>Memória do acelerador</translation>
    </message>
    <message>
        <source>Capacity wait</source>
        <translation>Espera por capacidade</translation>
    </message>
    <message>
        <source>Business</source>
        <translation>Negócio</translation>
    </message>
    <message>
        <source>Is the work done, in time, to the quality contract — and at what cost?</source>
        <translation>O trabalho foi feito, no prazo, dentro do contrato de qualidade — e a que custo?</translation>
    </message>
    <message>
        <source>Application</source>
        <translation>Aplicação</translation>
    </message>
    <message>
        <source>Steady-state latency, throughput, errors, queue and stalls.</source>
        <translation type="vanished">Latência em regime estável, vazão, erros, fila e travamentos.</translation>
    </message>
    <message>
        <source>Infrastructure</source>
        <translation>Infraestrutura</translation>
    </message>
    <message>
        <source>What the runs consumed and how often they had to run again.</source>
        <translation>O que as execuções consumiram e quantas vezes precisaram rodar de novo.</translation>
    </message>
    <message>
        <source>All workloads</source>
        <translation>Todas as cargas de trabalho</translation>
    </message>
    <message>
        <source>All modes</source>
        <translation>Todos os modos</translation>
    </message>
    <message>
        <source>All dtypes</source>
        <translation>Todos os dtypes</translation>
    </message>
    <message>
        <source>All devices</source>
        <translation>Todos os dispositivos</translation>
    </message>
    <message>
        <source>All statuses</source>
        <translation>Todos os status</translation>
    </message>
    <message>
        <source>All targets</source>
        <translation>Todos os destinos</translation>
    </message>
    <message>
        <source>All time</source>
        <translation>Todo o período</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>Últimas 24 horas</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Últimos 7 dias</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Últimos 30 dias</translation>
    </message>
    <message>
        <source>Click to list the runs behind this figure (%1)</source>
        <translation>Clique para listar as execuções por trás deste número (%1)</translation>
    </message>
    <message>
        <source>No database</source>
        <translation>Nenhum banco de dados</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Calculando…</translation>
    </message>
    <message>
        <source>Cannot compute the panels: %1</source>
        <translation>Não foi possível calcular os painéis: %1</translation>
    </message>
    <message>
        <source>1 run selected</source>
        <translation>1 execução selecionada</translation>
    </message>
    <message>
        <source>%1 runs selected</source>
        <translation>%1 execuções selecionadas</translation>
    </message>
    <message>
        <source>All runs</source>
        <translation>Todas as execuções</translation>
    </message>
    <message>
        <source>Baseline side</source>
        <translation>Lado base</translation>
    </message>
    <message>
        <source>Candidate side</source>
        <translation>Lado candidato</translation>
    </message>
    <message>
        <source>The runs of one side of the selected pilot (Review page, Pilot tab)</source>
        <translation>As execuções de um lado do piloto selecionado (página Revisão, aba Piloto)</translation>
    </message>
    <message>
        <source>Host → device copy</source>
        <translation>Cópia host → dispositivo</translation>
    </message>
    <message>
        <source>Device → host copy</source>
        <translation>Cópia dispositivo → host</translation>
    </message>
    <message>
        <source>Steady-state latency, throughput, errors, queue, stalls and copies to and from the device.</source>
        <translation>Latência em regime estável, vazão, erros, fila, paradas e cópias de e para o dispositivo.</translation>
    </message>
    <message>
        <source>Throughput within the SLO</source>
        <translation>Vazão dentro do SLO</translation>
    </message>
    <message>
        <source>End to end</source>
        <translation>Ponta a ponta</translation>
    </message>
    <message>
        <source>Waiting for capacity, attempts lost, preparation, compile, warm-up, steady compute and checkpoints of the selected executions, summed per platform: each part timed apart, the rest of the wall clock shown as other. An attempt that was run again counts with the run that repeated it.</source>
        <translation>Espera por capacidade, tentativas perdidas, preparação, compilação, aquecimento, computação estável e checkpoints das execuções selecionadas, somados por plataforma: cada parte cronometrada à parte, o resto do relógio mostrado como outros. Uma tentativa repetida conta com a execução que a repetiu.</translation>
    </message>
</context>
<context>
    <name>tp::PhaseChart</name>
    <message>
        <source>b=%1 s=%2</source>
        <translation>b=%1 s=%2</translation>
    </message>
    <message>
        <source>b=%1</source>
        <translation>b=%1</translation>
    </message>
    <message>
        <source>First call, warmup and steady state</source>
        <translation>Primeira chamada, aquecimento e regime estável</translation>
    </message>
    <message>
        <source>run, b=%1</source>
        <translation>execução, b=%1</translation>
    </message>
    <message>
        <source>run</source>
        <translation>execução</translation>
    </message>
    <message>
        <source>%1&lt;br&gt;%2</source>
        <translation>%1&lt;br&gt;%2</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>First call, warmup and steady state — no timings recorded</source>
        <translation>Primeira chamada, aquecimento e regime estável — nenhuma medição de tempo registrada</translation>
    </message>
    <message>
        <source>First call vs warmup vs steady state, per mode</source>
        <translation>Primeira chamada vs aquecimento vs regime estável, por modo</translation>
    </message>
    <message>
        <source>First call vs warmup vs steady state, per mode and shape</source>
        <translation>Primeira chamada vs aquecimento vs regime estável, por modo e formato</translation>
    </message>
    <message>
        <source>%1 per batch (log)</source>
        <translation>%1 por lote (log)</translation>
    </message>
    <message>
        <source>first call (cold)</source>
        <translation>primeira chamada (fria)</translation>
    </message>
    <message>
        <source>warmup mean</source>
        <translation>média do aquecimento</translation>
    </message>
    <message>
        <source>steady mean</source>
        <translation>média estável</translation>
    </message>
</context>
<context>
    <name>tp::PilotControls</name>
    <message>
        <source>Run pilot</source>
        <translation>Executar piloto</translation>
    </message>
    <message>
        <source>Collect every piece of evidence the selected pilot needs, on both sides (what &apos;torchpilot pilot&apos; does), then say what is left for the reviewer.</source>
        <translation>Coleta todas as evidências de que o piloto selecionado precisa, nos dois lados (o que &apos;torchpilot pilot&apos; faz), e diz o que resta para o revisor.</translation>
    </message>
    <message>
        <source>smoke: seconds, but fp32 runs are often too noisy to judge</source>
        <translation>smoke: segundos, mas as execuções fp32 costumam ser ruidosas demais para julgar</translation>
    </message>
    <message>
        <source>standard: the default, under a minute on 2 cores</source>
        <translation>standard: o padrão, menos de um minuto em 2 núcleos</translation>
    </message>
    <message>
        <source>loadgen: MLPerf LoadGen&apos;s minimums, 60 s per run</source>
        <translation>loadgen: os mínimos do MLPerf LoadGen, 60 s por execução</translation>
    </message>
    <message>
        <source>Protocol preset of the pilot&apos;s runs.</source>
        <translation>Preset do protocolo das execuções do piloto.</translation>
    </message>
    <message>
        <source>Cancel pilot</source>
        <translation>Cancelar piloto</translation>
    </message>
    <message>
        <source>Cancelling the pilot…</source>
        <translation>Cancelando o piloto…</translation>
    </message>
    <message>
        <source>Pilot running (preset %1)…</source>
        <translation>Piloto em execução (preset %1)…</translation>
    </message>
    <message>
        <source>Pilot step %1 of %2: %3</source>
        <translation>Etapa %1 de %2 do piloto: %3</translation>
    </message>
    <message>
        <source>Pilot cancelled</source>
        <translation>Piloto cancelado</translation>
    </message>
    <message>
        <source>Pilot stopped with exit code %1</source>
        <translation>Piloto parou com código de saída %1</translation>
    </message>
    <message>
        <source>Pilot finished: every gate criterion judged from evidence</source>
        <translation>Piloto concluído: todos os critérios dos portões julgados pelas evidências</translation>
    </message>
    <message>
        <source>Pilot finished; left for the reviewer: %1</source>
        <translation>Piloto concluído; resta para o revisor: %1</translation>
    </message>
    <message>
        <source>Profile steps: </source>
        <translation>Passos de perfil: </translation>
    </message>
    <message>
        <source>Calls of each inference run profiled after its steady phase (0: none). The compatibility gate compares the two sides&apos; host round-trips from these profiles; the traces are kept next to the database.</source>
        <translation>Chamadas de cada execução de inferência com perfil depois da fase estável (0: nenhuma). O portão de compatibilidade compara as idas e voltas ao host dos dois lados a partir desses perfis; os traces ficam ao lado do banco de dados.</translation>
    </message>
    <message>
        <source>Find peak QPS</source>
        <translation>Encontrar pico de QPS</translation>
    </message>
    <message>
        <source>Each side&apos;s peak QPS within the pilot&apos;s SLO: server-scenario runs (Poisson arrivals, a queue and a dynamic batcher) at a start rate, halved until one meets the SLO, doubled until one misses it, then bisected; every probe a stored run (what &apos;torchpilot peak&apos; does).</source>
        <translation>O pico de QPS de cada lado dentro do SLO do piloto: execuções do cenário server (chegadas de Poisson, uma fila e um batcher dinâmico) a uma taxa inicial, reduzida à metade até uma atender ao SLO, dobrada até uma falhar, depois bissectada; cada sonda é uma execução armazenada (o que &apos;torchpilot peak&apos; faz).</translation>
    </message>
    <message>
        <source>Cancelling the peak search…</source>
        <translation>Cancelando a busca de pico…</translation>
    </message>
    <message>
        <source>Peak search running…</source>
        <translation>Busca de pico em andamento…</translation>
    </message>
    <message>
        <source>Peak search cancelled</source>
        <translation>Busca de pico cancelada</translation>
    </message>
    <message>
        <source>Peak search stopped with exit code %1</source>
        <translation>Busca de pico parou com código de saída %1</translation>
    </message>
    <message>
        <source>Peak search finished: each side&apos;s peak is in the log, the Charts and the Compare page</source>
        <translation>Busca de pico concluída: o pico de cada lado está no log, nos Gráficos e na página Comparar</translation>
    </message>
</context>
<context>
    <name>tp::PilotEditor</name>
    <message>
        <source>Held fixed on both sides</source>
        <translation>Fixo nos dois lados</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Nome:</translation>
    </message>
    <message>
        <source>Workload:</source>
        <translation>Carga de trabalho:</translation>
    </message>
    <message>
        <source>mlp, or torchscript with a model file</source>
        <translation>mlp, ou torchscript com um arquivo de modelo</translation>
    </message>
    <message>
        <source>Model file:</source>
        <translation>Arquivo do modelo:</translation>
    </message>
    <message>
        <source>empty: a built-in workload</source>
        <translation>vazio: uma carga embutida</translation>
    </message>
    <message>
        <source>Model hash:</source>
        <translation>Hash do modelo:</translation>
    </message>
    <message>
        <source>sha256 or revision</source>
        <translation>sha256 ou revisão</translation>
    </message>
    <message>
        <source>Training workload:</source>
        <translation>Carga de treino:</translation>
    </message>
    <message>
        <source>empty: none</source>
        <translation>vazio: nenhuma</translation>
    </message>
    <message>
        <source>Shape catalog:</source>
        <translation>Catálogo de formatos:</translation>
    </message>
    <message>
        <source>Precision policy:</source>
        <translation>Política de precisão:</translation>
    </message>
    <message>
        <source>p99 latency SLO:</source>
        <translation>SLO de latência p99:</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>Minimum throughput ratio:</source>
        <translation>Razão mínima de vazão:</translation>
    </message>
    <message>
        <source>×</source>
        <translation>×</translation>
    </message>
    <message>
        <source>Quality kind:</source>
        <translation>Tipo de qualidade:</translation>
    </message>
    <message>
        <source>Training loss</source>
        <translation>Loss de treino</translation>
    </message>
    <message>
        <source>User metric</source>
        <translation>Métrica do usuário</translation>
    </message>
    <message>
        <source>Quality metric:</source>
        <translation>Métrica de qualidade:</translation>
    </message>
    <message>
        <source>Quality target:</source>
        <translation>Meta de qualidade:</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nenhuma</translation>
    </message>
    <message>
        <source>Required modes:</source>
        <translation>Modos exigidos:</translation>
    </message>
    <message>
        <source>comma separated, e.g. eager, compiled</source>
        <translation>separados por vírgula, ex.: eager, compiled</translation>
    </message>
    <message>
        <source>Baseline (current platform)</source>
        <translation>Base (plataforma atual)</translation>
    </message>
    <message>
        <source>Candidate platform</source>
        <translation>Plataforma candidata</translation>
    </message>
    <message>
        <source>Factor</source>
        <translation>Fator</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Motivo</translation>
    </message>
    <message>
        <source>Factor: target, device, runner, mode, dtype, batch or threads</source>
        <translation>Fator: target, device, runner, mode, dtype, batch ou threads</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Adicionar</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remover</translation>
    </message>
    <message>
        <source>Allowed differences</source>
        <translation>Diferenças permitidas</translation>
    </message>
    <message>
        <source>&amp;Save pilot</source>
        <translation>&amp;Salvar piloto</translation>
    </message>
    <message>
        <source>Save as &amp;new pilot…</source>
        <translation>Salvar como &amp;novo piloto…</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>Reverter</translation>
    </message>
    <message>
        <source>&amp;Pilot:</source>
        <translation>&amp;Piloto:</translation>
    </message>
    <message>
        <source>Label:</source>
        <translation>Rótulo:</translation>
    </message>
    <message>
        <source>Target profile:</source>
        <translation>Perfil de destino:</translation>
    </message>
    <message>
        <source>empty: any</source>
        <translation>vazio: qualquer</translation>
    </message>
    <message>
        <source>Device:</source>
        <translation>Dispositivo:</translation>
    </message>
    <message>
        <source>cpu, cuda or tpu; empty: any</source>
        <translation>cpu, cuda ou tpu; vazio: qualquer</translation>
    </message>
    <message>
        <source>Runner:</source>
        <translation>Runner:</translation>
    </message>
    <message>
        <source>Any</source>
        <translation>Qualquer</translation>
    </message>
    <message>
        <source>C++ runner</source>
        <translation>Runner C++</translation>
    </message>
    <message>
        <source>Python runner</source>
        <translation>Runner Python</translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation>Modo:</translation>
    </message>
    <message>
        <source>Eager</source>
        <translation>Eager</translation>
    </message>
    <message>
        <source>Compiled</source>
        <translation>Compilado</translation>
    </message>
    <message>
        <source>Dtype:</source>
        <translation>Dtype:</translation>
    </message>
    <message>
        <source>float32, bfloat16…; empty: any</source>
        <translation>float32, bfloat16…; vazio: qualquer</translation>
    </message>
    <message>
        <source>Batch:</source>
        <translation>Batch:</translation>
    </message>
    <message>
        <source>runner default</source>
        <translation>padrão do runner</translation>
    </message>
    <message>
        <source>Threads:</source>
        <translation>Threads:</translation>
    </message>
    <message>
        <source>%1 (v%2)</source>
        <translation>%1 (v%2)</translation>
    </message>
    <message>
        <source>Save as new pilot</source>
        <translation>Salvar como novo piloto</translation>
    </message>
    <message>
        <source>Name of the new pilot:</source>
        <translation>Nome do novo piloto:</translation>
    </message>
    <message>
        <source>%1 copy</source>
        <translation>cópia de %1</translation>
    </message>
    <message>
        <source>A pilot named “%1” already exists</source>
        <translation>Já existe um piloto chamado “%1”</translation>
    </message>
    <message>
        <source>any</source>
        <translation>qualquer</translation>
    </message>
    <message>
        <source>%1: %2 → %3 — allowed: %4</source>
        <translation>%1: %2 → %3 — permitida: %4</translation>
    </message>
    <message>
        <source>%1: %2 → %3 — not an allowed difference</source>
        <translation>%1: %2 → %3 — diferença não permitida</translation>
    </message>
    <message>
        <source>The sides declare the same values: no differences.</source>
        <translation>Os lados declaram os mesmos valores: nenhuma diferença.</translation>
    </message>
    <message>
        <source>Training ranks:</source>
        <translation>Ranks de treino:</translation>
    </message>
    <message>
        <source>Data-parallel ranks of the training; more than 1 adds the distributed recovery criterion to the operations gate</source>
        <translation>Ranks de paralelismo de dados do treino; mais de 1 acrescenta o critério de recuperação distribuída ao portão de operações</translation>
    </message>
    <message>
        <source>Retrieval recall@k</source>
        <translation>Recall@k de recuperação</translation>
    </message>
    <message>
        <source>Recall k:</source>
        <translation>k do recall:</translation>
    </message>
    <message>
        <source>Retrieval recall@k: the candidate&apos;s k nearest neighbours of each sample item against the baseline&apos;s; the quality target is the least mean recall (0 to 1)</source>
        <translation>Recall@k de recuperação: os k vizinhos mais próximos do candidato para cada item da amostra contra os da linha de base; a meta de qualidade é o menor recall médio (0 a 1)</translation>
    </message>
    <message>
        <source>Batch job</source>
        <translation>Job em lote</translation>
    </message>
    <message>
        <source>A catalog processed in a window adds the batch deadline criterion to the performance gate</source>
        <translation>Um catálogo processado numa janela acrescenta o critério de prazo do lote ao portão de desempenho</translation>
    </message>
    <message>
        <source>Catalog items:</source>
        <translation>Itens do catálogo:</translation>
    </message>
    <message>
        <source>Batch window:</source>
        <translation>Janela do lote:</translation>
    </message>
    <message>
        <source> h</source>
        <translation> h</translation>
    </message>
    <message>
        <source>Sample items:</source>
        <translation>Itens da amostra:</translation>
    </message>
    <message>
        <source>Sample seed:</source>
        <translation>Semente da amostra:</translation>
    </message>
    <message>
        <source>Sample file:</source>
        <translation>Arquivo da amostra:</translation>
    </message>
    <message>
        <source>a .safetensors file, or empty</source>
        <translation>um arquivo .safetensors, ou vazio</translation>
    </message>
    <message>
        <source>Sample tensor:</source>
        <translation>Tensor da amostra:</translation>
    </message>
    <message>
        <source>Sample hash:</source>
        <translation>Hash da amostra:</translation>
    </message>
    <message>
        <source>sha256 of the sample file</source>
        <translation>sha256 do arquivo da amostra</translation>
    </message>
</context>
<context>
    <name>tp::PilotRun</name>
    <message>
        <source>A pilot is running already.</source>
        <translation>Um piloto já está em execução.</translation>
    </message>
    <message>
        <source>The pilot process ended abnormally: %1</source>
        <translation type="vanished">O processo do piloto terminou de forma anormal: %1</translation>
    </message>
    <message>
        <source>The pilot could not start (%1): %2</source>
        <translation type="vanished">O piloto não pôde iniciar (%1): %2</translation>
    </message>
    <message>
        <source>[%1/%2] %3 (%4 s so far)</source>
        <translation>[%1/%2] %3 (%4 s até agora)</translation>
    </message>
    <message>
        <source>  skipped: %1</source>
        <translation>  omitido: %1</translation>
    </message>
    <message>
        <source>%1: %2 [run %3]</source>
        <translation>%1: %2 [execução %3]</translation>
    </message>
    <message>
        <source>%1: %2 — %3 [run %4]</source>
        <translation>%1: %2 — %3 [execução %4]</translation>
    </message>
    <message>
        <source>  trial %1: RPO %2 steps, RTO %3 s, losses bitwise equal</source>
        <translation>  ensaio %1: RPO %2 passos, RTO %3 s, valores de loss idênticos bit a bit</translation>
    </message>
    <message>
        <source>  trial %1: %2</source>
        <translation>  ensaio %1: %2</translation>
    </message>
    <message>
        <source>Recovery verified [run %1]</source>
        <translation>Recuperação verificada [execução %1]</translation>
    </message>
    <message>
        <source>Recovery not verified [run %1]</source>
        <translation>Recuperação não verificada [execução %1]</translation>
    </message>
    <message>
        <source>The fault test failed: %1</source>
        <translation>O teste de falha falhou: %1</translation>
    </message>
    <message>
        <source>Pilot %1 (version %2): %3 vs %4</source>
        <translation>Piloto %1 (versão %2): %3 vs %4</translation>
    </message>
    <message>
        <source>the database cannot be used: %1</source>
        <translation>o banco de dados não pode ser usado: %1</translation>
    </message>
    <message>
        <source>The pilot stopped: %1</source>
        <translation>O piloto parou: %1</translation>
    </message>
    <message>
        <source>The gates could not be evaluated: %1</source>
        <translation>Não foi possível avaliar os portões: %1</translation>
    </message>
    <message>
        <source>Pilot evidence collected in %1 s.</source>
        <translation type="vanished">Evidências do piloto coletadas em %1 s.</translation>
    </message>
    <message>
        <source>  retry %1 of %2: %3, since run %4 is not valid evidence: %5</source>
        <translation type="vanished">  nova tentativa %1 de %2: %3, pois a execução %4 não é evidência válida: %5</translation>
    </message>
    <message>
        <source>Pilot evidence collected in %1 s: %2 runs, %3 of them retries.</source>
        <translation>Evidências do piloto coletadas em %1 s: %2 execuções, %3 delas novas tentativas.</translation>
    </message>
    <message>
        <source>Still not valid evidence: %1 [runs %2]: %3</source>
        <translation type="vanished">Ainda sem evidência válida: %1 [execuções %2]: %3</translation>
    </message>
    <message>
        <source>candidate peak</source>
        <translation>pico do candidato</translation>
    </message>
    <message>
        <source>baseline peak</source>
        <translation>pico do baseline</translation>
    </message>
</context>
<context>
    <name>tp::ProfileOpsModel</name>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Times the operator ran per profiled call of the model</source>
        <translation>Vezes que o operador rodou por chamada do modelo com perfil</translation>
    </message>
    <message>
        <source>Time in the operator itself per profiled call, without the operators it called</source>
        <translation>Tempo no próprio operador por chamada com perfil, sem os operadores que ele chamou</translation>
    </message>
    <message>
        <source>Time in the operator per profiled call, the operators it called included</source>
        <translation>Tempo no operador por chamada com perfil, incluídos os operadores que ele chamou</translation>
    </message>
    <message>
        <source>Share of the self time of the operators listed</source>
        <translation>Parcela do tempo próprio dos operadores listados</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>Operador</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Dispositivo</translation>
    </message>
    <message>
        <source>Calls per call</source>
        <translation>Chamadas por chamada</translation>
    </message>
    <message>
        <source>Self per call</source>
        <translation>Próprio por chamada</translation>
    </message>
    <message>
        <source>Total per call</source>
        <translation>Total por chamada</translation>
    </message>
    <message>
        <source>Share of self time</source>
        <translation>Parcela do tempo próprio</translation>
    </message>
</context>
<context>
    <name>tp::QueueModel</name>
    <message>
        <source>queued</source>
        <translation>na fila</translation>
    </message>
    <message>
        <source>running</source>
        <translation>em execução</translation>
    </message>
    <message>
        <source>done</source>
        <translation>concluída</translation>
    </message>
    <message>
        <source>cancelled (never started)</source>
        <translation>cancelada (nunca iniciada)</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>cancelada</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>falhou</translation>
    </message>
    <message>
        <source>100 %</source>
        <translation>100 %</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>iniciando</translation>
    </message>
    <message>
        <source>%1 %2 %</source>
        <translation>%1 %2 %</translation>
    </message>
    <message>
        <source>%1 %2 iterations</source>
        <translation>%1 %2 iterações</translation>
    </message>
    <message>
        <source>%1
run key: %2</source>
        <translation>%1
chave da execução: %2</translation>
    </message>
    <message>
        <source>Time left in the steady phase, from the runner&apos;s progress lines</source>
        <translation>Tempo restante na fase de regime estável, segundo as linhas de progresso do runner</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Tarefa</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Progresso</translation>
    </message>
    <message>
        <source>Elapsed</source>
        <translation>Decorrido</translation>
    </message>
    <message>
        <source>ETA</source>
        <translation>Previsão</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Execução</translation>
    </message>
</context>
<context>
    <name>tp::QueuePage</name>
    <message>
        <source>New runs…</source>
        <translation>Novas execuções…</translation>
    </message>
    <message>
        <source>Cancel all</source>
        <translation>Cancelar todas</translation>
    </message>
    <message>
        <source>Clear finished</source>
        <translation>Limpar concluídas</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Log</translation>
    </message>
    <message>
        <source>Select a job to follow its runner&apos;s log (stderr).</source>
        <translation>Selecione uma tarefa para acompanhar o log do runner dela (stderr).</translation>
    </message>
    <message>
        <source>— %1: %2</source>
        <translation>— %1: %2</translation>
    </message>
    <message>
        <source> (%1)</source>
        <translation> (%1)</translation>
    </message>
    <message>
        <source>Log — %1</source>
        <translation>Log — %1</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Queued: remove it. Running: stop the runner (SIGTERM); what it measured so far is kept, marked cancelled.</source>
        <translation>Na fila: remove a tarefa. Rodando: para o runner (SIGTERM); o que já foi medido é mantido, marcado como cancelado.</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Cancelando…</translation>
    </message>
    <message>
        <source>one at a time (parallel runs perturb each other&apos;s timings)</source>
        <translation>uma de cada vez (execuções em paralelo perturbam as medições umas das outras)</translation>
    </message>
    <message>
        <source>up to %1 at once — parallel runs perturb each other&apos;s timings</source>
        <translation>até %1 ao mesmo tempo — execuções em paralelo perturbam as medições umas das outras</translation>
    </message>
    <message>
        <source>%1 running, %2 queued; runs execute %3.</source>
        <translation>%1 rodando, %2 na fila; as execuções rodam %3.</translation>
    </message>
    <message>
        <source>Pilot log</source>
        <translation>Log do piloto</translation>
    </message>
    <message>
        <source>Run pilot</source>
        <translation type="vanished">Executar piloto</translation>
    </message>
    <message>
        <source>Collect every piece of evidence the selected pilot needs, on both sides (what &apos;torchpilot pilot&apos; does), then say what is left for the reviewer.</source>
        <translation type="vanished">Coleta todas as evidências de que o piloto selecionado precisa, nos dois lados (o que &apos;torchpilot pilot&apos; faz), e diz o que resta para o revisor.</translation>
    </message>
    <message>
        <source>Protocol preset of the pilot&apos;s runs.</source>
        <translation type="vanished">Preset do protocolo das execuções do piloto.</translation>
    </message>
    <message>
        <source>Cancel pilot</source>
        <translation type="vanished">Cancelar piloto</translation>
    </message>
    <message>
        <source>Cancelling the pilot…</source>
        <translation type="vanished">Cancelando o piloto…</translation>
    </message>
    <message>
        <source>Wait for the queued runs to finish: parallel runs perturb each other&apos;s timings.</source>
        <translation>Aguarde o fim das execuções na fila: execuções em paralelo perturbam os tempos umas das outras.</translation>
    </message>
    <message>
        <source>Pilot running (preset %1)…</source>
        <translation type="vanished">Piloto em execução (preset %1)…</translation>
    </message>
    <message>
        <source>Pilot step %1 of %2: %3</source>
        <translation type="vanished">Etapa %1 de %2 do piloto: %3</translation>
    </message>
    <message>
        <source>Pilot cancelled</source>
        <translation type="vanished">Piloto cancelado</translation>
    </message>
    <message>
        <source>Pilot stopped with exit code %1</source>
        <translation type="vanished">Piloto parou com código de saída %1</translation>
    </message>
    <message>
        <source>Pilot finished: every gate criterion judged from evidence</source>
        <translation type="vanished">Piloto concluído: todos os critérios dos portões julgados pelas evidências</translation>
    </message>
    <message>
        <source>Pilot finished; left for the reviewer: %1</source>
        <translation type="vanished">Piloto concluído; resta para o revisor: %1</translation>
    </message>
    <message>
        <source>smoke: seconds, but fp32 runs are often too noisy to judge</source>
        <translation type="vanished">smoke: segundos, mas as execuções fp32 costumam ser ruidosas demais para julgar</translation>
    </message>
    <message>
        <source>standard: the default, under a minute on 2 cores</source>
        <translation type="vanished">standard: o padrão, menos de um minuto em 2 núcleos</translation>
    </message>
    <message>
        <source>loadgen: MLPerf LoadGen&apos;s minimums, 60 s per run</source>
        <translation type="vanished">loadgen: os mínimos do MLPerf LoadGen, 60 s por execução</translation>
    </message>
    <message>
        <source>Queued %1 run(s) of the missing evidence.</source>
        <translation>%1 execução(ões) das evidências faltantes na fila.</translation>
    </message>
    <message>
        <source>The fault test is not a queued run: run it with &apos;torchpilot faulttest&apos; on the candidate&apos;s host.</source>
        <translation>O teste de falha não é uma execução da fila: execute-o com &apos;torchpilot faulttest&apos; no host do candidato.</translation>
    </message>
</context>
<context>
    <name>tp::RankGroupLauncher</name>
    <message>
        <source>%1 ranks run on this machine only; a Kubernetes target&apos;s ranks come from its TPU topology (one pod per host)</source>
        <translation>%1 ranks rodam só nesta máquina; os ranks de um destino Kubernetes vêm da topologia de TPU dele (um pod por host)</translation>
    </message>
    <message>
        <source>%1 ranks, each: %2</source>
        <translation>%1 ranks, cada um: %2</translation>
    </message>
    <message>
        <source>no free loopback port for the ranks&apos; rendezvous</source>
        <translation>nenhuma porta de loopback livre para o rendezvous dos ranks</translation>
    </message>
    <message>
        <source>rank %1: %2</source>
        <translation>rank %1: %2</translation>
    </message>
</context>
<context>
    <name>tp::RecentDatabasesMenu</name>
    <message>
        <source>Open &amp;Recent</source>
        <translation>Abrir &amp;recentes</translation>
    </message>
    <message>
        <source>%1  —  %2</source>
        <translation>%1  —  %2</translation>
    </message>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>%1 (file not found)</source>
        <translation>%1 (arquivo não encontrado)</translation>
    </message>
    <message>
        <source>No recent databases</source>
        <translation>Nenhum banco de dados recente</translation>
    </message>
    <message>
        <source>&amp;Clear Menu</source>
        <translation>&amp;Limpar menu</translation>
    </message>
</context>
<context>
    <name>tp::ReviewPage</name>
    <message>
        <source>Review inputs saved</source>
        <translation>Entradas da revisão salvas</translation>
    </message>
    <message>
        <source>Gates and decisions</source>
        <translation>Portões e decisões</translation>
    </message>
    <message>
        <source>Cost model and rollback path</source>
        <translation>Modelo de custo e caminho de rollback</translation>
    </message>
    <message>
        <source>Sign off gate…</source>
        <translation>Assinar portão…</translation>
    </message>
    <message>
        <source>Sign the selected gate off against the evidence shown</source>
        <translation>Assina o portão selecionado com a evidência exibida</translation>
    </message>
    <message>
        <source>Record decision…</source>
        <translation>Registrar decisão…</translation>
    </message>
    <message>
        <source>Store the decision with a snapshot of its evidence and the pending sign-offs</source>
        <translation>Armazena a decisão com um registro da sua evidência e as assinaturas pendentes</translation>
    </message>
    <message>
        <source>No database</source>
        <translation type="vanished">Nenhum banco de dados</translation>
    </message>
    <message>
        <source>Cannot read the gate definitions: %1</source>
        <translation type="vanished">Não foi possível ler as definições dos portões: %1</translation>
    </message>
    <message>
        <source>Evaluating the gates…</source>
        <translation>Avaliando os portões…</translation>
    </message>
    <message>
        <source>Cannot evaluate the gates: %1</source>
        <translation type="vanished">Não foi possível avaliar os portões: %1</translation>
    </message>
    <message>
        <source>Sign off “%1”…</source>
        <translation>Assinar “%1”…</translation>
    </message>
    <message>
        <source>Select a gate to sign off.</source>
        <translation>Selecione um portão para assinar.</translation>
    </message>
    <message>
        <source>Sign off the &lt;b&gt;%1&lt;/b&gt; gate (verdict: %2) against evidence &lt;code&gt;%3&lt;/code&gt;.</source>
        <translation>Assinar o portão &lt;b&gt;%1&lt;/b&gt; (veredito: %2) com a evidência &lt;code&gt;%3&lt;/code&gt;.</translation>
    </message>
    <message>
        <source>This gate does not pass: signing records that you reviewed it, not that it passes.</source>
        <translation>Este portão não é aprovado: a assinatura registra que você o revisou, não que ele foi aprovado.</translation>
    </message>
    <message>
        <source>Replaces the pending sign-off by %1.</source>
        <translation>Substitui a assinatura pendente de %1.</translation>
    </message>
    <message>
        <source>Sign off</source>
        <translation>Assinar</translation>
    </message>
    <message>
        <source>Cannot sign off: no evaluated evidence or no reviewer.</source>
        <translation>Não é possível assinar: sem evidência avaliada ou sem revisor.</translation>
    </message>
    <message>
        <source>Cannot sign off: %1</source>
        <translation type="vanished">Não é possível assinar: %1</translation>
    </message>
    <message>
        <source>%1 signed off by %2</source>
        <translation>%1 assinado por %2</translation>
    </message>
    <message numerus="yes">
        <source>Record the decision &lt;b&gt;%1&lt;/b&gt; with evidence &lt;code&gt;%2&lt;/code&gt;. %n pending sign-off(s) will be attached.</source>
        <translation>
            <numerusform>Registrar a decisão &lt;b&gt;%1&lt;/b&gt; com a evidência &lt;code&gt;%2&lt;/code&gt;. %n assinatura pendente será anexada.</numerusform>
            <numerusform>Registrar a decisão &lt;b&gt;%1&lt;/b&gt; com a evidência &lt;code&gt;%2&lt;/code&gt;. %n assinaturas pendentes serão anexadas.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n gate(s) not signed off.</source>
        <translation>
            <numerusform>%n portão sem assinatura.</numerusform>
            <numerusform>%n portões sem assinatura.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>⚠ %n sign-off(s) were made against older evidence.</source>
        <translation>
            <numerusform>⚠ %n assinatura foi feita com evidência mais antiga.</numerusform>
            <numerusform>⚠ %n assinaturas foram feitas com evidência mais antiga.</numerusform>
        </translation>
    </message>
    <message>
        <source>Record decision</source>
        <translation>Registrar decisão</translation>
    </message>
    <message>
        <source>Cannot record the decision: no evaluated evidence or no reviewer.</source>
        <translation>Não é possível registrar a decisão: sem evidência avaliada ou sem revisor.</translation>
    </message>
    <message>
        <source>Cannot record the decision: %1</source>
        <translation type="vanished">Não foi possível registrar a decisão: %1</translation>
    </message>
    <message>
        <source>Decision “%1” recorded by %2</source>
        <translation>Decisão “%1” registrada por %2</translation>
    </message>
    <message>
        <source>Pilot</source>
        <translation>Piloto</translation>
    </message>
    <message>
        <source>Pilot “%1” selected: the gates now compare its sides</source>
        <translation>Piloto “%1” selecionado: os portões agora comparam seus lados</translation>
    </message>
    <message>
        <source>Pilot “%1” saved (version %2)</source>
        <translation>Piloto “%1” salvo (versão %2)</translation>
    </message>
    <message>
        <source>Pilot “%1” added and selected</source>
        <translation>Piloto “%1” adicionado e selecionado</translation>
    </message>
    <message>
        <source>Pilot “%1” removed</source>
        <translation>Piloto “%1” removido</translation>
    </message>
    <message>
        <source>Saving the review inputs…</source>
        <translation>Salvando as entradas da revisão…</translation>
    </message>
    <message>
        <source>Nothing was written: %1</source>
        <translation>Nada foi gravado: %1</translation>
    </message>
    <message>
        <source>Saving the pilots…</source>
        <translation>Salvando os pilotos…</translation>
    </message>
    <message>
        <source>Cannot sign off: no gate &apos;%1&apos; in this review.</source>
        <translation>Não é possível assinar: não há portão &apos;%1&apos; nesta revisão.</translation>
    </message>
    <message>
        <source>Signing off…</source>
        <translation>Assinando…</translation>
    </message>
    <message>
        <source>Recording the decision…</source>
        <translation>Registrando a decisão…</translation>
    </message>
</context>
<context>
    <name>tp::ReviewSession</name>
    <message>
        <source>No database</source>
        <translation>Nenhum banco de dados</translation>
    </message>
    <message>
        <source>Cannot read the gate definitions: %1</source>
        <translation>Não foi possível ler as definições dos portões: %1</translation>
    </message>
    <message>
        <source>Cannot evaluate the gates: %1</source>
        <translation>Não foi possível avaliar os portões: %1</translation>
    </message>
    <message>
        <source>%1 (waiting: another program is writing to the database)</source>
        <translation>%1 (aguardando: outro programa está gravando no banco de dados)</translation>
    </message>
</context>
<context>
    <name>tp::RunDetailDialog</name>
    <message>
        <source>Run %1</source>
        <translation>Execução %1</translation>
    </message>
    <message>
        <source>Run %1 — %2</source>
        <translation>Execução %1 — %2</translation>
    </message>
</context>
<context>
    <name>tp::RunDetailView</name>
    <message>
        <source>yes</source>
        <translation>sim</translation>
    </message>
    <message>
        <source>no</source>
        <translation type="vanished">não</translation>
    </message>
    <message>
        <source>Timing (per batch)</source>
        <translation>Tempos (por lote)</translation>
    </message>
    <message>
        <source>First call (cold):</source>
        <translation>Primeira chamada (fria):</translation>
    </message>
    <message>
        <source>Warmup mean:</source>
        <translation>Média do aquecimento:</translation>
    </message>
    <message>
        <source>Steady mean:</source>
        <translation>Média estável:</translation>
    </message>
    <message>
        <source>Steady p50:</source>
        <translation>p50 estável:</translation>
    </message>
    <message>
        <source>Steady p90:</source>
        <translation>p90 estável:</translation>
    </message>
    <message>
        <source>Steady p99:</source>
        <translation>p99 estável:</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Resultado</translation>
    </message>
    <message>
        <source>Samples/s:</source>
        <translation>Amostras/s:</translation>
    </message>
    <message>
        <source>Outputs finite:</source>
        <translation>Saídas finitas:</translation>
    </message>
    <message>
        <source>Steady samples:</source>
        <translation>Amostras em regime estável:</translation>
    </message>
    <message>
        <source>Batch:</source>
        <translation>Lote:</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Evidência</translation>
    </message>
    <message>
        <source>Validity:</source>
        <translation>Validade:</translation>
    </message>
    <message>
        <source>Precision:</source>
        <translation>Precisão:</translation>
    </message>
    <message>
        <source>Cache:</source>
        <translation>Cache:</translation>
    </message>
    <message>
        <source>Peak RAM:</source>
        <translation>Pico de RAM:</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>Ambiente</translation>
    </message>
    <message>
        <source>Torch:</source>
        <translation>Torch:</translation>
    </message>
    <message>
        <source>Threads:</source>
        <translation>Threads:</translation>
    </message>
    <message>
        <source>CPU:</source>
        <translation>CPU:</translation>
    </message>
    <message>
        <source>BLAS:</source>
        <translation>BLAS:</translation>
    </message>
    <message>
        <source>Host:</source>
        <translation>Host:</translation>
    </message>
    <message>
        <source>Source:</source>
        <translation>Origem:</translation>
    </message>
    <message>
        <source>valid evidence</source>
        <translation>evidência válida</translation>
    </message>
    <message>
        <source>&lt;b&gt;invalid&lt;/b&gt;: %1</source>
        <translation>&lt;b&gt;inválida&lt;/b&gt;: %1</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>não verificada</translation>
    </message>
    <message>
        <source>%1 (policy %2)</source>
        <translation>%1 (política %2)</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>aprovada</translation>
    </message>
    <message>
        <source>&lt;b&gt;fail&lt;/b&gt;</source>
        <translation>&lt;b&gt;reprovada&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Select a run to see its figures.</source>
        <translation>Selecione uma execução para ver os números dela.</translation>
    </message>
    <message>
        <source>Run %1 is not in the store.</source>
        <translation>A execução %1 não está no banco.</translation>
    </message>
    <message>
        <source>Cannot read run %1: %2</source>
        <translation>Não foi possível ler a execução %1: %2</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>Execução %1</translation>
    </message>
    <message>
        <source>#%1 · started %2</source>
        <translation>nº %1 · iniciada em %2</translation>
    </message>
    <message>
        <source>NO — non-finite outputs</source>
        <translation>NÃO — saídas não finitas</translation>
    </message>
    <message>
        <source>%1 (%2 threads)</source>
        <translation>%1 (%2 threads)</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>Erro: %1</translation>
    </message>
    <message>
        <source>&lt;span style=&quot;color:%1&quot;&gt;&amp;#9679;&lt;/span&gt; &lt;b&gt;%2&lt;/b&gt; (%3): %4</source>
        <translation>&lt;span style=&quot;color:%1&quot;&gt;&amp;#9679;&lt;/span&gt; &lt;b&gt;%2&lt;/b&gt; (%3): %4</translation>
    </message>
    <message>
        <source>Alerts recorded with this run:</source>
        <translation>Alertas registrados com esta execução:</translation>
    </message>
    <message>
        <source>Runner&apos;s summary:</source>
        <translation>Resumo do runner:</translation>
    </message>
    <message>
        <source>Judged by the store from the stored samples, validity policy %1</source>
        <translation>Julgado pelo repositório a partir das amostras armazenadas, política de validade %1</translation>
    </message>
    <message>
        <source>%1: runner %2, store %3</source>
        <translation>%1: runner %2, repositório %3</translation>
    </message>
    <message>
        <source>agrees with the store</source>
        <translation>concorda com o repositório</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;disagrees&lt;/b&gt; with the store on %n figure(s): %1</source>
        <translation>
            <numerusform>&lt;b&gt;discorda&lt;/b&gt; do repositório em %n número: %1</numerusform>
            <numerusform>&lt;b&gt;discorda&lt;/b&gt; do repositório em %n números: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Python runner</source>
        <translation>runner Python</translation>
    </message>
    <message>
        <source>C++ runner</source>
        <translation>runner C++</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>all ranks stored and ok</source>
        <translation>todos os ranks armazenados e ok</translation>
    </message>
    <message>
        <source>%1 of %2 ranks stored and ok</source>
        <translation>%1 de %2 ranks armazenados e ok</translation>
    </message>
    <message>
        <source>rank %1 (#%2) %3/s</source>
        <translation>rank %1 (nº %2) %3/s</translation>
    </message>
    <message>
        <source>Rank %1 of %2, data-parallel (%3): aggregate %4 samples/s, slowest rank %5 — %6</source>
        <translation>Rank %1 de %2, paralelismo de dados (%3): agregado de %4 amostras/s, rank mais lento %5 — %6</translation>
    </message>
    <message>
        <source>; float32 matmuls: %1</source>
        <translation>; matmuls float32: %1</translation>
    </message>
    <message>
        <source>Accelerator:</source>
        <translation type="vanished">Acelerador:</translation>
    </message>
    <message>
        <source>Accelerator</source>
        <translation>Acelerador</translation>
    </message>
    <message>
        <source>Device:</source>
        <translation>Dispositivo:</translation>
    </message>
    <message>
        <source>TorchTPU:</source>
        <translation>TorchTPU:</translation>
    </message>
    <message>
        <source>Compiled programs:</source>
        <translation>Programas compilados:</translation>
    </message>
</context>
<context>
    <name>tp::RunFigures</name>
    <message>
        <source>%1 HBM</source>
        <translation>%1 de HBM</translation>
    </message>
    <message>
        <source>eager %1</source>
        <translation>eager %1</translation>
    </message>
    <message>
        <source>optimized build</source>
        <translation>build otimizado</translation>
    </message>
    <message>
        <source>UNOPTIMIZED build</source>
        <translation>build NÃO otimizado</translation>
    </message>
    <message>
        <source>CPU fallback on</source>
        <translation>fallback para CPU ligado</translation>
    </message>
    <message>
        <source>CPU fallback off</source>
        <translation>fallback para CPU desligado</translation>
    </message>
    <message>
        <source>compiled programs: %1 HBM in %2 executables</source>
        <translation type="vanished">programas compilados: %1 de HBM em %2 executáveis</translation>
    </message>
    <message>
        <source>compiled programs: %1 HBM</source>
        <translation type="vanished">programas compilados: %1 de HBM</translation>
    </message>
    <message>
        <source>compile host memory peak %1</source>
        <translation>pico de memória do host na compilação %1</translation>
    </message>
    <message>
        <source>checkpoints keep the TPU random state</source>
        <translation>checkpoints guardam o estado aleatório da TPU</translation>
    </message>
    <message>
        <source>checkpoints lack the TPU random state</source>
        <translation>checkpoints sem o estado aleatório da TPU</translation>
    </message>
    <message>
        <source>%1 HBM in %2 executables</source>
        <translation>%1 de HBM em %2 executáveis</translation>
    </message>
    <message>
        <source>compiler flags set (%1)</source>
        <translation>flags do compilador definidas (%1)</translation>
    </message>
</context>
<context>
    <name>tp::RunFilterBar</name>
    <message>
        <source>any</source>
        <translation>qualquer</translation>
    </message>
    <message>
        <source>Search run key, workload, mode, status, error…</source>
        <translation>Buscar chave de execução, carga de trabalho, modo, status, erro…</translation>
    </message>
    <message>
        <source>All workloads</source>
        <translation>Todas as cargas de trabalho</translation>
    </message>
    <message>
        <source>All modes</source>
        <translation>Todos os modos</translation>
    </message>
    <message>
        <source>All dtypes</source>
        <translation>Todos os dtypes</translation>
    </message>
    <message>
        <source>All devices</source>
        <translation>Todos os dispositivos</translation>
    </message>
    <message>
        <source>All statuses</source>
        <translation>Todos os status</translation>
    </message>
    <message>
        <source>Runs started on or after this day (local time)</source>
        <translation>Execuções iniciadas neste dia ou depois (hora local)</translation>
    </message>
    <message>
        <source>Runs started on or before this day (local time)</source>
        <translation>Execuções iniciadas neste dia ou antes (hora local)</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Iniciadas</translation>
    </message>
    <message>
        <source>to</source>
        <translation>até</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Limpar</translation>
    </message>
    <message>
        <source>Show every run</source>
        <translation>Mostrar todas as execuções</translation>
    </message>
    <message>
        <source>88,888 of 88,888 runs</source>
        <translation>88.888 de 88.888 execuções</translation>
    </message>
    <message>
        <source>%1 runs</source>
        <translation>%1 execuções</translation>
    </message>
    <message>
        <source>%1 of %2 runs</source>
        <translation>%1 de %2 execuções</translation>
    </message>
</context>
<context>
    <name>tp::RunQueueWorker</name>
    <message>
        <source>run %1 is stored as it streams in</source>
        <translation>a execução %1 é armazenada à medida que chega</translation>
    </message>
    <message>
        <source>cancelled before it started</source>
        <translation>cancelada antes de começar</translation>
    </message>
    <message>
        <source>%1: at least %2 iterations and %3 s</source>
        <translation>%1: pelo menos %2 iterações e %3 s</translation>
    </message>
    <message>
        <source>%1: at least %2 iterations</source>
        <translation>%1: pelo menos %2 iterações</translation>
    </message>
    <message>
        <source>ALERT (%1): %2</source>
        <translation>ALERTA (%1): %2</translation>
    </message>
</context>
<context>
    <name>tp::RunnerProcess</name>
    <message>
        <source>cannot start %1: %2</source>
        <translation>não foi possível iniciar %1: %2</translation>
    </message>
    <message>
        <source>cancelled: runner killed</source>
        <translation>cancelada: runner encerrado</translation>
    </message>
    <message>
        <source>runner crashed</source>
        <translation>o runner travou</translation>
    </message>
    <message>
        <source>runner exited with code %1</source>
        <translation>o runner saiu com o código %1</translation>
    </message>
</context>
<context>
    <name>tp::RunsModel</name>
    <message>
        <source>valid</source>
        <translation>válida</translation>
    </message>
    <message>
        <source>invalid</source>
        <translation>inválida</translation>
    </message>
    <message>
        <source>, precision fail</source>
        <translation>, precisão reprovada</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 (no run_finished received)</source>
        <translation>%1 (nenhum run_finished recebido)</translation>
    </message>
    <message>
        <source>Invalid: %1</source>
        <translation>Inválida: %1</translation>
    </message>
    <message>
        <source>Precision (%1): %2</source>
        <translation>Precisão (%1): %2</translation>
    </message>
    <message>
        <source>#</source>
        <translation>nº</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Carga de trabalho</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modo</translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation>Dtype</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Dispositivo</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Destino</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Evidência</translation>
    </message>
    <message>
        <source>First call</source>
        <translation>Primeira chamada</translation>
    </message>
    <message>
        <source>Steady mean</source>
        <translation>Média estável</translation>
    </message>
    <message>
        <source>Steady p99</source>
        <translation>p99 estável</translation>
    </message>
    <message>
        <source>Samples/s</source>
        <translation>Amostras/s</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Início</translation>
    </message>
    <message>
        <source>Run id in the evidence store</source>
        <translation>Id da execução no banco de evidências</translation>
    </message>
    <message>
        <source>Time of the first (cold) call, per batch</source>
        <translation>Tempo da primeira chamada (fria), por lote</translation>
    </message>
    <message>
        <source>Mean time per batch in steady state</source>
        <translation>Tempo médio por lote em regime estável</translation>
    </message>
    <message>
        <source>99th percentile of steady-state batch time</source>
        <translation>Percentil 99 do tempo por lote em regime estável</translation>
    </message>
    <message>
        <source>Steady-state throughput, samples per second</source>
        <translation>Vazão em regime estável, amostras por segundo</translation>
    </message>
    <message>
        <source>When the run started (local time)</source>
        <translation>Quando a execução começou (hora local)</translation>
    </message>
    <message>
        <source>Where the run executed (local, SSH host, Kubernetes)</source>
        <translation>Onde a execução rodou (local, host SSH, Kubernetes)</translation>
    </message>
    <message>
        <source>Validity of the steady state and the precision verdict; invalid runs never count in the gates</source>
        <translation>Validade do regime estável e veredito de precisão; execuções inválidas nunca contam nos portões</translation>
    </message>
</context>
<context>
    <name>tp::RunsPage</name>
    <message>
        <source>Cannot read the runs: %1</source>
        <translation>Não foi possível ler as execuções: %1</translation>
    </message>
    <message>
        <source>No runs yet. Launch a benchmark, or drop result files (.jsonl, .json) here to import them.</source>
        <translation>Nenhuma execução ainda. Lance um benchmark ou solte arquivos de resultado (.jsonl, .json) aqui para importá-los.</translation>
    </message>
    <message numerus="yes">
        <source>Drop to import %n result file(s) into this database.</source>
        <translation>
            <numerusform>Solte para importar %n arquivo de resultado neste banco de dados.</numerusform>
            <numerusform>Solte para importar %n arquivos de resultado neste banco de dados.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Importing %n file(s)…</source>
        <translation>
            <numerusform>Importando %n arquivo…</numerusform>
            <numerusform>Importando %n arquivos…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported %n file(s)</source>
        <translation>
            <numerusform>%n arquivo importado</numerusform>
            <numerusform>%n arquivos importados</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>: %n run(s), </source>
        <translation>
            <numerusform>: %n execução, </numerusform>
            <numerusform>: %n execuções, </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n new sample(s).</source>
        <translation>
            <numerusform>%n amostra nova.</numerusform>
            <numerusform>%n amostras novas.</numerusform>
        </translation>
    </message>
    <message>
        <source>Not imported: %1</source>
        <translation>Não importados: %1</translation>
    </message>
</context>
<context>
    <name>tp::ServingCurveChart</name>
    <message>
        <source>Latency against completed throughput (server scenario)</source>
        <translation>Latência versus vazão concluída (cenário server)</translation>
    </message>
    <message>
        <source>No server-scenario run to draw</source>
        <translation>Nenhuma execução no cenário server para desenhar</translation>
    </message>
    <message>
        <source>completed queries per second (log)</source>
        <translation>consultas concluídas por segundo (log)</translation>
    </message>
    <message>
        <source>SLO: p99 %1</source>
        <translation>SLO: p99 %1</translation>
    </message>
    <message>
        <source>peak ≥ %1</source>
        <translation>pico ≥ %1</translation>
    </message>
    <message>
        <source>peak %1</source>
        <translation>pico %1</translation>
    </message>
    <message>
        <source>solid: p99, failures last · dashed: p50 · hollow: not valid evidence</source>
        <translation>contínua: p99, falhas por último · tracejada: p50 · vazado: evidência inválida</translation>
    </message>
</context>
<context>
    <name>tp::ServingQueueChart</name>
    <message>
        <source>Queue wait against compute time (server scenario)</source>
        <translation>Espera na fila contra tempo de computação (cenário server)</translation>
    </message>
    <message>
        <source>No server-scenario run to draw</source>
        <translation>Nenhuma execução do cenário server para desenhar</translation>
    </message>
    <message>
        <source>completed queries per second (log)</source>
        <translation>consultas concluídas por segundo (log)</translation>
    </message>
    <message>
        <source>solid: compute · dashed: queue wait · hollow: not valid</source>
        <translation>cheia: computação · tracejada: espera na fila · vazado: inválido</translation>
    </message>
</context>
<context>
    <name>tp::SignoffDialog</name>
    <message>
        <source>Your name</source>
        <translation>Seu nome</translation>
    </message>
    <message>
        <source>Optional: what you checked, conditions, follow-ups</source>
        <translation>Opcional: o que você verificou, condições, próximos passos</translation>
    </message>
    <message>
        <source>Reviewer:</source>
        <translation>Revisor:</translation>
    </message>
    <message>
        <source>Comment:</source>
        <translation>Comentário:</translation>
    </message>
</context>
<context>
    <name>tp::SnapshotHistory</name>
    <message>
        <source>Recorded</source>
        <translation>Registrada em</translation>
    </message>
    <message>
        <source>Reviewer</source>
        <translation>Revisor</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>Decisão</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Evidência</translation>
    </message>
    <message>
        <source>Sign-offs</source>
        <translation>Assinaturas</translation>
    </message>
    <message>
        <source>Comment</source>
        <translation>Comentário</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Mudança</translation>
    </message>
    <message>
        <source>Subject</source>
        <translation>Assunto</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>Antes</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Agora</translation>
    </message>
    <message>
        <source>Recorded decisions</source>
        <translation>Decisões registradas</translation>
    </message>
    <message>
        <source>What changed since the last review</source>
        <translation>O que mudou desde a última revisão</translation>
    </message>
    <message>
        <source>SHA-256 of the evidence: %1</source>
        <translation>SHA-256 da evidência: %1</translation>
    </message>
    <message>
        <source>No gate was signed off with this decision</source>
        <translation>Nenhum portão foi assinado com esta decisão</translation>
    </message>
    <message>
        <source>Signed off: %1</source>
        <translation>Assinados: %1</translation>
    </message>
    <message>
        <source>No decision recorded yet</source>
        <translation>Nenhuma decisão registrada ainda</translation>
    </message>
    <message>
        <source>No decision has been recorded yet: nothing to compare with.</source>
        <translation>Nenhuma decisão foi registrada ainda: nada com que comparar.</translation>
    </message>
    <message>
        <source>The evidence is the same as in the decision of %1 (%2).</source>
        <translation>A evidência é a mesma da decisão de %1 (%2).</translation>
    </message>
    <message numerus="yes">
        <source>%n difference(s) from the decision of %1 (%2).</source>
        <translation>
            <numerusform>%n diferença em relação à decisão de %1 (%2).</numerusform>
            <numerusform>%n diferenças em relação à decisão de %1 (%2).</numerusform>
        </translation>
    </message>
    <message>
        <source>migrate</source>
        <translation>migrar</translation>
    </message>
    <message>
        <source>keep current path</source>
        <translation>manter o caminho atual</translation>
    </message>
    <message>
        <source>inconclusive ⇒ keep</source>
        <translation>inconclusivo ⇒ manter</translation>
    </message>
    <message>
        <source>Gate verdict</source>
        <translation>Veredito do portão</translation>
    </message>
    <message>
        <source>Criterion</source>
        <translation>Critério</translation>
    </message>
    <message>
        <source>Run added</source>
        <translation>Execução adicionada</translation>
    </message>
    <message>
        <source>Run removed</source>
        <translation>Execução removida</translation>
    </message>
    <message>
        <source>Run changed</source>
        <translation>Execução alterada</translation>
    </message>
    <message>
        <source>Review input</source>
        <translation>Entrada da revisão</translation>
    </message>
    <message>
        <source>Gate definitions</source>
        <translation>Definições dos portões</translation>
    </message>
    <message>
        <source>#%1</source>
        <translation>nº %1</translation>
    </message>
    <message>
        <source>Decisions recorded for pilot %1</source>
        <translation>Decisões registradas do piloto %1</translation>
    </message>
    <message>
        <source>%1 (merged)</source>
        <translation>%1 (mesclada)</translation>
    </message>
    <message>
        <source>Merged from %1: history of another database, not a review recorded here</source>
        <translation>Mesclada de %1: histórico de outro banco de dados, não uma revisão registrada aqui</translation>
    </message>
</context>
<context>
    <name>tp::SpeedupChart</name>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>Eager → compiled speedup</source>
        <translation>Aceleração eager → compilado</translation>
    </message>
    <message>
        <source>Eager → compiled speedup — needs an eager and a compiled run of the same workload, dtype and device</source>
        <translation>Aceleração eager → compilado — requer uma execução eager e uma compilada da mesma carga de trabalho, dtype e dispositivo</translation>
    </message>
    <message>
        <source>Eager → compiled speedup — no shape measured by both runs</source>
        <translation>Aceleração eager → compilado — nenhum formato medido pelas duas execuções</translation>
    </message>
    <message>
        <source>eager</source>
        <translation>eager</translation>
    </message>
    <message>
        <source>compiled</source>
        <translation>compilado</translation>
    </message>
    <message>
        <source>Speedup %1 → %2 per shape (%1 mean ÷ %2 mean)</source>
        <translation>Aceleração %1 → %2 por formato (média %1 ÷ média %2)</translation>
    </message>
    <message>
        <source>speedup per shape</source>
        <translation>aceleração por formato</translation>
    </message>
    <message>
        <source>speedup (steady mean)</source>
        <translation>aceleração (média estável)</translation>
    </message>
    <message>
        <source>b=%1 s=%2</source>
        <translation>b=%1 s=%2</translation>
    </message>
    <message>
        <source>b=%1</source>
        <translation>b=%1</translation>
    </message>
    <message>
        <source>&lt;center&gt;%1&lt;br&gt;&lt;b&gt;%2&lt;/b&gt;&lt;/center&gt;</source>
        <translation>&lt;center&gt;%1&lt;br&gt;&lt;b&gt;%2&lt;/b&gt;&lt;/center&gt;</translation>
    </message>
    <message>
        <source>shape (batch, sequence length)</source>
        <translation>formato (lote, comprimento da sequência)</translation>
    </message>
    <message>
        <source>run batch</source>
        <translation>lote da execução</translation>
    </message>
    <message>
        <source>1× (no change)</source>
        <translation>1× (sem mudança)</translation>
    </message>
    <message>
        <source>geometric mean %1</source>
        <translation>média geométrica %1</translation>
    </message>
    <message>
        <source>speedup (×)</source>
        <translation>aceleração (×)</translation>
    </message>
</context>
<context>
    <name>tp::SshLauncher</name>
    <message>
        <source>runner arguments must not contain NUL characters</source>
        <translation>os argumentos do runner não podem conter caracteres NUL</translation>
    </message>
    <message>
        <source>the OpenSSH client (ssh) is not installed</source>
        <translation>o cliente OpenSSH (ssh) não está instalado</translation>
    </message>
    <message>
        <source>cannot run on target &apos;%1&apos;: %2</source>
        <translation>não foi possível executar no destino &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>could not send SIGTERM to remote process %1 (exit %2)%3; closing the connection</source>
        <translation>não foi possível enviar SIGTERM ao processo remoto %1 (saída %2)%3; fechando a conexão</translation>
    </message>
    <message>
        <source>cancelled: ssh session to &apos;%1&apos; closed</source>
        <translation>cancelada: a sessão ssh com &apos;%1&apos; foi fechada</translation>
    </message>
    <message>
        <source>ssh client for &apos;%1&apos; crashed</source>
        <translation>o cliente ssh para &apos;%1&apos; travou</translation>
    </message>
    <message>
        <source>connection to &apos;%1&apos; lost (ssh exit 255)</source>
        <translation>conexão com &apos;%1&apos; perdida (saída do ssh 255)</translation>
    </message>
    <message>
        <source>ssh to &apos;%1&apos; failed (exit 255)</source>
        <translation>o ssh para &apos;%1&apos; falhou (saída 255)</translation>
    </message>
    <message>
        <source>remote runner not found on &apos;%1&apos; (exit 127)</source>
        <translation>runner remoto não encontrado em &apos;%1&apos; (saída 127)</translation>
    </message>
    <message>
        <source>remote runner on &apos;%1&apos; exited with code %2</source>
        <translation>o runner remoto em &apos;%1&apos; saiu com o código %2</translation>
    </message>
    <message>
        <source>cannot start ssh &apos;%1&apos;: %2</source>
        <translation>não foi possível iniciar o ssh &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>remote runner on &apos;%1&apos; was killed by signal %2</source>
        <translation>o runner remoto em &apos;%1&apos; foi encerrado pelo sinal %2</translation>
    </message>
</context>
<context>
    <name>tp::ThroughputChart</name>
    <message>
        <source>Throughput vs batch size</source>
        <translation>Vazão vs tamanho do lote</translation>
    </message>
    <message>
        <source>%1 s=%2</source>
        <translation>%1 s=%2</translation>
    </message>
    <message>
        <source>Throughput vs batch size — no throughput measured</source>
        <translation>Vazão vs tamanho do lote — nenhuma vazão medida</translation>
    </message>
    <message>
        <source>Throughput vs batch size (steady state)</source>
        <translation>Vazão vs tamanho do lote (regime estável)</translation>
    </message>
    <message>
        <source>batch size (log scale)</source>
        <translation>tamanho do lote (escala log)</translation>
    </message>
    <message>
        <source>batch size</source>
        <translation>tamanho do lote</translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation>amostras/s</translation>
    </message>
</context>
<context>
    <name>tp::TopOperatorsView</name>
    <message>
        <source>Top operators</source>
        <translation>Principais operadores</translation>
    </message>
    <message>
        <source>Not profiled: run with --profile-steps N to see where the time goes.</source>
        <translation>Sem perfil: execute com --profile-steps N para ver para onde vai o tempo.</translation>
    </message>
    <message>
        <source>The profile could not be read: %1</source>
        <translation>Não foi possível ler o perfil: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n call(s) profiled</source>
        <translation>
            <numerusform>%n chamada com perfil</numerusform>
            <numerusform>%n chamadas com perfil</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n call(s) profiled with %1</source>
        <translation>
            <numerusform>%n chamada com perfil por %1</numerusform>
            <numerusform>%n chamadas com perfil por %1</numerusform>
        </translation>
    </message>
    <message>
        <source>host↔device copies per call: %1</source>
        <translation>cópias host↔dispositivo por chamada: %1</translation>
    </message>
    <message>
        <source>%1 ×%2</source>
        <translation>%1 ×%2</translation>
    </message>
    <message>
        <source>host↔device copies per call: %1 (%2)</source>
        <translation>cópias host↔dispositivo por chamada: %1 (%2)</translation>
    </message>
    <message>
        <source>trace: %1</source>
        <translation>trace: %1</translation>
    </message>
    <message>
        <source>trace: %1 (%2)</source>
        <translation>trace: %1 (%2)</translation>
    </message>
    <message>
        <source>no trace written: %1</source>
        <translation>nenhum trace gravado: %1</translation>
    </message>
</context>
<context>
    <name>tp::TraceChart</name>
    <message>
        <source>Per-iteration time</source>
        <translation>Tempo por iteração</translation>
    </message>
    <message>
        <source>%1 — no per-iteration timings stored</source>
        <translation>%1 — nenhum tempo por iteração armazenado</translation>
    </message>
    <message>
        <source>Per-iteration time — %1 (%2 iterations)</source>
        <translation>Tempo por iteração — %1 (%2 iterações)</translation>
    </message>
    <message>
        <source>warmup</source>
        <translation>aquecimento</translation>
    </message>
    <message>
        <source>steady state</source>
        <translation>regime estável</translation>
    </message>
    <message>
        <source>first call %1</source>
        <translation>primeira chamada %1</translation>
    </message>
    <message>
        <source>iteration (0 = first call)</source>
        <translation>iteração (0 = primeira chamada)</translation>
    </message>
    <message>
        <source>%1 per batch (log)</source>
        <translation>%1 por lote (log)</translation>
    </message>
</context>
</TS>
