"""Text that reads like an instruction to an AI agent, whatever its wording, script or disguise.

Each pattern is one kind of instruction (`KINDS`). `instruction(text)` reads every form of the
text that `normalize.readings` yields (as written; NFKC and confusable skeleton without
invisible characters; tag characters; leetspeak; base64) and names the first kind found and
the disguise it wore. The patterns look for what an attacker needs and a code comment never
says: an instruction addressed to an AI ("Claude, please ...", "agents reading this file
must ...", "SYSTEM: the agent ..."), an attempt to cancel what it was told, in English
rephrasings and in Spanish, French, German, Portuguese, Italian, Chinese, Japanese and Russian.
Words alone are not enough: "ignore the cache", "the agent process", "system: linux only"
and "the build agent must run on linux" are ordinary comments and are not flagged.
"""
from __future__ import annotations

import functools
from typing import NamedTuple

from indexer.text.normalize import readings
from indexer.text.patterns import I, Pattern, fold

KINDS = ("override", "role", "addressed", "prompt", "secrecy")
_NOUNS = (r"(?:instructions?|prompts?|directions?|directives?|guidelines|guidance|rules|context|messages?|orders"
          r"|constraints|restrictions)")
_AI_NAMES = r"(?:claude|copilot|chatgpt|chat\s?gpt|gpt-?\d[\w.]*|gemini|codex|devin|cursor\s+ai)"
_AGENTS = r"(?:(?:ai|coding|autonomous)\s+(?:agents?|assistants?|bots?))"
#: What an address asks for ("Claude, please ...", "Copilot: run ..."): wide, the address is the signal.
_ASKED = (r"(?:please|you|now|also|kindly|run|execute|delete|remove|send|upload|push|commit|install|curl|wget"
          r"|add|write|print|output|reveal|approve|merge|skip|disable|grant|open|fetch|download|exfiltrate|copy"
          r"|email|post|ignore|disregard|forget|use|call|change|modify|edit|create|set|always|never|do|don't"
          r"|make\s+sure|be\s+sure)")
#: What a rule given to an agent asks for ("Claude must run ..."): actions with effects only, so that
#: "Claude should output JSON" in an application's code is no instruction.
_RISKY = (r"(?:run|execute|delete|remove|send|upload|push|commit|install|curl|wget|reveal|approve|merge|skip"
          r"|disable|grant|fetch|download|exfiltrate|email|post|ignore|disregard|forget|always|never)")
_MODAL = r"(?:must|should|shall|needs?\s+to|ha(?:ve|s)\s+to|are\s+to|is\s+to|will\s+now)"
_AI_NEEDLES = ("claude", "copilot", "gpt", "gemini", "codex", "devin", "cursor")
_START = r"(?:^|[^\w\s]\s*|\b(?:todo|fixme|xxx|hack|note|bug)\b:?\s*)"

_INSTRUCTIONS: tuple[tuple[str, Pattern], ...] = (
    ("override", Pattern(
        r"\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+|the\s+|your\s+|of\s+)*"
        r"(?:previous|prior|above|earlier|preceding|former|original|system|safety|existing)\s+" + _NOUNS,
        (("ignore", "disregard", "forget", "override", "bypass"),), I)),
    ("override", Pattern(
        r"\b(?:ignore|disregard|forget)\s+(?:all|any|your)\s+(?:instructions?|prompts?|guidelines|rules)\b",
        (("ignore", "disregard", "forget"),), I)),
    ("role", Pattern(
        r"\byou\s+(?:must|should|shall|will|are\s+to)\s+now\b|\bfrom\s+now\s+on,?\s+(?:you|always|never)\b"
        r"|\byou\s+are\s+now\s+(?:a|an|in|the)\b|\bpretend\s+(?:to\s+be|you\s+are)\b",
        (("now", "pretend"),), I)),
    ("addressed", Pattern(
        r"\b(?:dear|attention|hey|hello|note\s+to(?:\s+the)?|message\s+(?:to|for)(?:\s+the)?|if\s+you\s+are\s+an?)"
        r"\s+(?:ai|llm|assistant|chatbot|copilot|chatgpt|claude|gpt|gemini|language\s+model|(?:ai\s+|coding\s+)?agent)s?\b",
        (("dear", "attention", "hey", "hello", "note", "message", "if"),
         ("ai", "llm", "assistant", "chatbot", "copilot", "gpt", "claude", "gemini", "model", "agent")), I)),
    ("addressed", Pattern(
        r"\b(?:ai|llm)\s+(?:agents?|assistants?|models?|tools?)\s*(?:[:,]|\b(?:must|should|shall|have\s+to|need\s+to)\b)",
        (("ai", "llm"), ("agent", "assistant", "model", "tool")), I)),
    ("prompt", Pattern(
        r"\b(?:system|developer)\s+prompt\b|\bnew\s+instructions?\s*:|<\|im_start\|>|\[/?INST\]"
        r"|<\s*/?\s*(?:system|instructions?)\s*>",
        (("prompt", "instruction", "<|im_start|>", "inst]", "system"),), I)),
    ("secrecy", Pattern(
        r"\b(?:do\s+not|don't|never)\s+(?:tell|inform|mention|reveal|show)\b[^.]{0,20}\b(?:user|human|reviewer|anyone)\b",
        (("not", "don't", "never"), ("tell", "inform", "mention", "reveal", "show")), I)),
    # ---- English rephrasings of "ignore your instructions"
    ("override", Pattern(
        r"\b(?:ignore|disregard|forget|override|discard|abandon)\s+(?:(?:all|any|of|the)\s+)*"
        r"(?:what(?:ever)?|everything|anything|all)\s+(?:that\s+)?you(?:'ve|'re|\s+have|\s+were|\s+had|\s+are)?\s+"
        r"(?:been\s+|being\s+)?(?:told|given|taught|instructed|asked|programmed)\b",
        (("ignore", "disregard", "forget", "override", "discard", "abandon"), ("you",),
         ("told", "given", "taught", "instructed", "asked", "programmed")), I)),
    ("override", Pattern(
        r"\b(?:stop\s+following|do\s+not\s+follow|don't\s+follow|no\s+longer\s+follow)\s+"
        r"(?:(?:your|the|any|all|of)\s+)*(?:previous\s+|prior\s+|earlier\s+|original\s+|system\s+)?" + _NOUNS,
        (("follow",),), I)),
    ("role", Pattern(
        r"\byour\s+(?:new|real|actual|true|only|updated)\s+(?:instructions?|task|goal|objective|orders|role|purpose|job)"
        r"\s*(?:is|are|:)|\byou\s+are\s+no\s+longer\s+(?:a|an|the|bound)\b"
        r"|\bact\s+as\s+(?:an?\s+)?(?:unrestricted|unfiltered|jailbroken|evil)\b",
        (("your", "you", "act"), ("new", "real", "actual", "true", "only", "updated", "no longer", "act as")), I)),
    # ---- addressed to an AI: by name, as a group, or as whoever reads the file
    ("addressed", Pattern(
        _START + r"(?:(?:hey|hi|hello|dear|ok(?:ay)?|attention)\s+)?(?:the\s+)?(?:" + _AI_NAMES + "|" + _AGENTS
        + r")\s*[,:!]\s*" + _ASKED + r"\b",
        (_AI_NEEDLES + ("agent", "assistant", "bot"), (",", ":", "!")), I)),
    ("addressed", Pattern(
        _START + r"(?:(?:hey|hi|hello|dear)\s+)?(?:the\s+)?(?:cursor|agents?|assistants?|models?|bots?|ai|llms?)"
        r"\s*[,:!]\s*(?:please|kindly|ignore|disregard|forget)\b",
        (("please", "kindly", "ignore", "disregard", "forget"),), I)),
    ("addressed", Pattern(
        r"\b(?:" + _AI_NAMES + "|" + _AGENTS + r")\s+" + _MODAL
        + r"\s+(?:(?:also|now|first|not|immediately|quietly|silently)\s+)*" + _RISKY + r"\b",
        (_AI_NEEDLES + ("agent", "assistant", "bot"),
         ("must", "should", "shall", "need", "have", "has", "are to", "is to", "will now")), I)),
    ("addressed", Pattern(
        r"\b(?:agents?|assistants?|bots?|llms?|ais?)\s+(?:that\s+(?:are\s+)?|who\s+(?:are\s+)?)?"
        r"(?:reading|reads?|processing|process(?:es)?|parsing|parses?|scanning|scans?|seeing|sees?"
        r"|working\s+(?:on|in|with)|indexing|index(?:es)?|analy[sz]ing|analy[sz]es?)\s+(?:this|these)\b"
        r"[^.;]{0,40}?\b" + _MODAL + r"\b",
        (("agent", "assistant", "bot", "llm", "ai"), ("this", "these")), I)),
    ("addressed", Pattern(
        r"\bif\s+you(?:\s+are|'re)\s+(?:an?\s+|the\s+)?(?:ai|llm|language\s+model|assistant|agent|chatbot|bot|"
        + _AI_NAMES + r")\b", (("if",), ("you",)), I)),
    # ---- role markers: a SYSTEM:/ASSISTANT: turn that speaks to the agent
    ("prompt", Pattern(
        r"\b(?:SYSTEM|ASSISTANT|DEVELOPER)\s*:\s*(?i:[^:]{0,40}?\b(?:you|your|agents?|assistants?|ai|llms?|models?"
        r"|claude|copilot|chatgpt|gemini|ignore|disregard|forget|override|from\s+now\s+on|new\s+instructions?)\b)"
        r"|\b(?i:system|assistant)\s*:\s*(?i:(?:ignore|disregard|forget|override)\b)"
        r"|<<\s*/?SYS\s*>>|<\|(?:system|assistant|user|endoftext)\|>",
        (("SYSTEM", "ASSISTANT", "DEVELOPER", "system", "System", "assistant", "Assistant", "SYS", "<|"),))),
    # ---- "ignore previous instructions" in other languages
    ("override", Pattern(  # Spanish, Portuguese, Italian
        r"\b(?:ignor[ae]\w*|olvid[ae]\w*|descart[ae]\w*|esque[çc]a\w*|desconsider[ae]\w*|dimentic[ah]\w*)\s+"
        r"(?:\w+\s+){0,3}(?:instrucci[oó]nes|instru[çc][õo]es|istruzioni|indicaciones|orientaç[õo]es)\s+"
        r"(?:\w+\s+)?(?:anteriores|previas|pr[ée]vias|precedentes?|precedenti|anteriori|prima)\b",
        (("ignor", "olvid", "descart", "esque", "desconsider", "dimentic"),), I)),
    ("override", Pattern(  # French
        r"\b(?:ignore[rz]?|oublie[rz]?|n[eé]glige[rz]?)\s+(?:\w+\s+){0,3}(?:instructions|consignes|directives)\s+"
        r"(?:\w+\s+)?(?:pr[ée]c[ée]dentes|ant[ée]rieures|d'avant|ci-dessus)",
        (("ignore", "oublie", "neglige", "néglige"), ("instructions", "consignes", "directives")), I)),
    ("override", Pattern(  # German
        r"\b(?:ignorier\w*|vergiss|vergessen|missachte\w*|übergeh\w*)\s+(?:\w+\s+){0,3}"
        r"(?:vorherig\w*|vorig\w*|bisherig\w*|früher\w*|obig\w*|vorangegangen\w*)\s+"
        r"(?:anweisung\w*|instruktion\w*|befehl\w*|vorgabe\w*|regeln)",
        (("ignorier", "vergiss", "vergessen", "missachte", "überg"),), I)),
    ("override", Pattern(  # Chinese (simplified and traditional)
        r"(?:忽略|忽视|忽視|无视|無視|忘记|忘記|忘掉|不要理会|不要理會)[^。！？\n]{0,10}"
        r"(?:之前|以前|先前|上面|以上|前面|上述|所有|全部|原来|原來)[^。！？\n]{0,8}"
        r"(?:指令|指示|说明|說明|提示|命令|规则|規則|要求)",
        (("忽略", "忽视", "忽視", "无视", "無視", "忘记", "忘記", "忘掉", "不要理"),))),
    ("override", Pattern(  # Japanese
        r"(?:以前|前|これまで|上記|先|今まで|最初)の?(?:すべての|全ての|全部の)?(?:指示|命令|指令|プロンプト|ルール)"
        r"[^。\n]{0,6}(?:無視|忘れ)",
        (("無視", "忘れ"),))),
    ("override", Pattern(  # Russian
        r"(?:игнорир\w*|забудь\w*|забыть|не\s+обращай\w*\s+внимани\w+\s+на|проигнорир\w*)\s+(?:\w+\s+){0,3}"
        r"(?:предыдущ\w*|прежн\w*|прошл\w*|вышеуказанн\w*|предшествующ\w*|все)\s+(?:\w+\s+)?"
        r"(?:инструкци\w*|указани\w*|команд\w*|правил\w*)",
        (("игнор", "забуд", "забыт", "обраща", "проигнор", "ИГНОР", "Игнор", "Забуд", "ЗАБУД"),), I)),
)
#: Every instruction pattern, behind its needle prefilter: for checks of that shortcut.
PATTERNS = tuple(pattern for _kind, pattern in _INSTRUCTIONS)


class Instruction(NamedTuple):
    kind: str  # one of KINDS
    disguise: str | None  # how it was hidden (a key of `normalize.DISGUISES`), None when plain


@functools.lru_cache(maxsize=4096)
def instruction(text: str) -> Instruction | None:
    """The kind of AI-addressed instruction `text` reads like, in any of its readings, or None.

    Cached: the block renders the same text at several lengths, and a report quotes it twice."""
    for reading, disguise in readings(text):
        kind = _kind_of(reading)
        if kind is not None:
            return Instruction(kind, disguise)
    return None


def instruction_kind(text: str) -> str | None:
    """Which kind of AI-addressed instruction `text` reads like (override, role, ...), or None."""
    found = instruction(text)
    return found.kind if found else None


def _kind_of(flat_text: str) -> str | None:
    folded = fold(flat_text)
    return next((kind for kind, pattern in _INSTRUCTIONS if pattern.search(flat_text, folded)), None)
