"""Where a studio run's games are played: this machine's cores, or the workers of a running Dask
cluster (`sortie simulate --executor dask --scheduler ADDRESS` from the window). The choice and
the address are remembered across sessions; the cluster's client loads only when a run uses it.
"""

from __future__ import annotations

import importlib.util
import os

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLineEdit, QWidget

from engine.core.executors import LocalExecutor

KEY_WHERE, KEY_SCHEDULER = "balance/where", "balance/scheduler"
LOCAL, DASK = "local", "dask"


class ExecutorChoiceError(ValueError):
    """The run cannot go where it was sent; `str()` says why and what to do."""


def dask_installed() -> bool:
    return importlib.util.find_spec("distributed") is not None


class RunOn(QWidget):
    """A choice of where the games run, with the Dask scheduler's address beside it."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.cores = os.cpu_count() or 1
        self.where = QComboBox()
        self.where.setObjectName("runOn")
        self.where.setAccessibleName("Where the games run")
        self.where.addItem(f"this machine ({self.cores} cores)", LOCAL)
        self.where.addItem("a Dask cluster", DASK)
        self.address = QLineEdit()
        self.address.setObjectName("schedulerAddress")
        self.address.setAccessibleName("Dask scheduler address")
        self.address.setPlaceholderText("tcp://HOST:8786")
        self.address.setToolTip("The address `dask scheduler` prints; its workers need the same Sortie and packs")
        if not dask_installed():
            self.where.model().item(1).setEnabled(False)
            self.where.setItemData(1, "Needs Dask: pip install 'sortie[dask]'", Qt.ItemDataRole.ToolTipRole)
        settings = QSettings()
        self.address.setText(str(settings.value(KEY_SCHEDULER, "") or ""))
        if settings.value(KEY_WHERE, LOCAL) == DASK and dask_installed():
            self.where.setCurrentIndex(1)
        self.where.currentIndexChanged.connect(lambda _i: self._changed())
        self.address.editingFinished.connect(self._changed)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.where)
        layout.addWidget(self.address, 1)
        self.setFocusProxy(self.where)  # a label's mnemonic lands on the choice
        self._show_address()

    @property
    def on_dask(self) -> bool:
        return self.where.currentData() == DASK

    def _show_address(self) -> None:
        self.address.setVisible(self.on_dask)

    def _changed(self) -> None:
        self._show_address()
        settings = QSettings()
        settings.setValue(KEY_WHERE, self.where.currentData())
        settings.setValue(KEY_SCHEDULER, self.address.text().strip())

    def describe(self) -> str:
        return f"the Dask cluster at {self.address.text().strip()}" if self.on_dask else f"{self.cores} core(s)"

    def executor(self) -> tuple[object, list[str]]:
        """The executor chosen, and the list it fills with each Dask worker refused for holding
        other files ("worker (why)"); ExecutorChoiceError when it cannot be made."""
        refused: list[str] = []
        if not self.on_dask:
            return LocalExecutor(self.cores), refused
        address = self.address.text().strip()
        if not address:
            raise ExecutorChoiceError("give the address of the Dask scheduler (tcp://HOST:8786), as "
                                      "`dask scheduler` prints it")
        if not dask_installed():
            raise ExecutorChoiceError("running on a Dask cluster needs Dask: pip install 'sortie[dask]'")
        from engine.core.dask_executor import DaskExecutor

        try:
            return DaskExecutor(address, lambda worker, why: refused.append(f"{worker} ({why})")), refused
        except ValueError as exc:
            raise ExecutorChoiceError(str(exc)) from None
